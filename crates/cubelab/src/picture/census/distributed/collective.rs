//! The MPI collectives of the distributed census beyond a reduction: a local result
//! agreed by every rank, the all-to-all exchanges of a round and the gathering of the
//! antipodes.

use crate::{Error, ErrorKind, Result};
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// `local` on this rank; when it failed on any rank, the error of the first rank where it
/// failed on every rank (its own there, "MPI rank r: ..." on the others), so that rank 0
/// can report it.
pub(super) fn agree<T>(world: &SimpleCommunicator, local: Result<T>) -> Result<T> {
    let rank = world.rank() as u64;
    let mut first = 0u64;
    world.all_reduce_into(&(if local.is_err() { rank } else { u64::MAX }), &mut first, SystemOperation::min());
    if first == u64::MAX {
        return local;
    }
    // The first failing rank sends its error's kind and message to the others.
    let (mut kind, text) = match &local {
        Err(e) if first == rank => (KINDS.iter().position(|&k| k == e.kind()).unwrap_or(7) as u64, e.to_string()),
        _ => (0, String::new()),
    };
    let mut text = text.into_bytes();
    let root = world.process_at_rank(first as i32);
    let mut length = text.len() as u64;
    root.broadcast_into(&mut kind);
    root.broadcast_into(&mut length);
    text.resize(length as usize, 0);
    if length > 0 {
        root.broadcast_into(&mut text[..]);
    }
    match local {
        Err(e) if first == rank => Err(e),
        _ => {
            let kind = KINDS.get(kind as usize).copied().unwrap_or(ErrorKind::Internal);
            Err(Error::new(kind, format!("MPI rank {first}: {}", String::from_utf8_lossy(&text))))
        }
    }
}

/// Every error kind, numbered for [`agree`] to send.
const KINDS: [ErrorKind; 8] = [
    ErrorKind::Malformed,
    ErrorKind::Unknown,
    ErrorKind::OutOfRange,
    ErrorKind::Checkpoint,
    ErrorKind::Io,
    ErrorKind::Stopped,
    ErrorKind::LimitReached,
    ErrorKind::Internal,
];

/// The counts of `lengths` as MPI counts, with their displacements.
fn counts_and_displacements(lengths: impl Iterator<Item = usize>) -> Result<(Vec<i32>, Vec<i32>)> {
    let too_many = || Error::new(ErrorKind::Internal, "an exchange of more than 2^31 entries");
    let counts = lengths.map(|n| i32::try_from(n).map_err(|_| too_many())).collect::<Result<Vec<i32>>>()?;
    let mut displacements = Vec::with_capacity(counts.len());
    let mut at = 0i32;
    for &c in &counts {
        displacements.push(at);
        at = at.checked_add(c).ok_or_else(too_many)?;
    }
    Ok((counts, displacements))
}

/// Sends bucket r to rank r, returns what the ranks sent this one, in rank order, and how
/// much each sent (an all-to-all).
pub(super) fn exchange<T: Equivalence + Copy + Default>(
    world: &SimpleCommunicator,
    buckets: &[Vec<T>],
) -> Result<(Vec<T>, Vec<i32>)> {
    let (counts, _) = agree(world, counts_and_displacements(buckets.iter().map(Vec::len)))?;
    exchange_flat(world, &buckets.concat(), &counts)
}

/// [`exchange`] of buckets laid end to end in `send`, `counts[r]` of them for rank r.
pub(super) fn exchange_flat<T: Equivalence + Copy + Default>(
    world: &SimpleCommunicator,
    send: &[T],
    counts: &[i32],
) -> Result<(Vec<T>, Vec<i32>)> {
    let (send_counts, send_displs) = agree(world, counts_and_displacements(counts.iter().map(|&c| c as usize)))?;
    let mut recv_counts = vec![0i32; counts.len()];
    world.all_to_all_into(&send_counts[..], &mut recv_counts[..]);
    let (recv_counts, recv_displs) = agree(world, counts_and_displacements(recv_counts.iter().map(|&c| c as usize)))?;
    let mut received = vec![T::default(); recv_counts.iter().map(|&c| c as usize).sum()];
    // An empty Vec's pointer is dangling (1 for bytes: OpenMPI's MPI_IN_PLACE); empty
    // buffers are passed as empty slices of a real one.
    let (pad, mut pad_mut) = ([T::default()], [T::default()]);
    {
        let send = if send.is_empty() { &pad[..0] } else { send };
        let into = if received.is_empty() { &mut pad_mut[..0] } else { &mut received[..] };
        let send = Partition::new(send, &send_counts[..], &send_displs[..]);
        let mut recv = PartitionMut::new(into, &recv_counts[..], &recv_displs[..]);
        world.all_to_all_varcount_into(&send, &mut recv);
    }
    Ok((received, recv_counts))
}

/// Every rank's `local` bytes, concatenated in rank order, on every rank.
pub(super) fn gather_bytes(world: &SimpleCommunicator, local: &[u8], ranks: usize) -> Result<Vec<u8>> {
    let mut lengths = vec![0u64; ranks];
    world.all_gather_into(&(local.len() as u64), &mut lengths[..]);
    let (counts, displs) = counts_and_displacements(lengths.iter().map(|&n| n as usize))?;
    let mut all = vec![0u8; lengths.iter().sum::<u64>() as usize];
    // (Empty buffers as empty slices of real ones: see exchange_flat.)
    let (pad, mut pad_mut) = ([0u8], [0u8]);
    {
        let local = if local.is_empty() { &pad[..0] } else { local };
        let into = if all.is_empty() { &mut pad_mut[..0] } else { &mut all[..] };
        let mut recv = PartitionMut::new(into, &counts[..], &displs[..]);
        world.all_gather_varcount_into(local, &mut recv);
    }
    Ok(all)
}
