//! The two-bit census's memory: its tables allocated zeroed and, on Linux, advised to live
//! in transparent huge pages; and a software prefetch of a table word before it is read.
//!
//! This is the library's only module with `unsafe` code (the workspace denies it
//! elsewhere), for two things the standard library does not offer on stable Rust and no
//! well-kept crate wraps for a `Vec`:
//!
//! - `madvise(MADV_HUGEPAGE)` on the pages of a table before they are first touched
//!   (random reads in a 420 MB table cost 1.5–1.8x more in 4 KiB pages, which need a
//!   page-table walk for nearly every read: docs/benchmarks.md). Where the kernel refuses
//!   (huge pages off, another system), nothing changes but the speed.
//! - the x86-64 `prefetcht0` instruction, so that the table reads of several neighbours
//!   are in flight at once instead of one after the other.

#![allow(unsafe_code)]

use crate::{Error, ErrorKind, Result};
use std::sync::atomic::AtomicU64;

/// `n` zero words, in pages the kernel is asked to back with huge pages (before any is
/// touched: the zeroed allocation maps fresh pages). Memory the system refuses (a
/// `ulimit -v`, an overcommit limit) is an error of kind [`ErrorKind::Io`] naming the bytes
/// needed, not an abort.
pub(crate) fn try_zeroed_words(n: usize) -> Result<Vec<AtomicU64>> {
    let refused = || refused(n as u64 * 8);
    if n == 0 || std::mem::align_of::<u64>() != std::mem::align_of::<AtomicU64>() {
        let mut words = Vec::new();
        words.try_reserve_exact(n).map_err(|_| refused())?;
        words.extend(std::iter::repeat_with(|| AtomicU64::new(0)).take(n));
        return Ok(words);
    }
    let layout = std::alloc::Layout::array::<u64>(n).map_err(|_| refused())?;
    // SAFETY: `layout` has a non-zero size (n > 0). The pointer, when not null, is an
    // allocation of the global allocator with the layout of `n` u64 words, all zero (a
    // valid u64 each): exactly what `Vec::from_raw_parts` takes for a vector of length and
    // capacity `n` (it is what `vec![0u64; n]` does, but a refusal is seen).
    let mut words: Vec<u64> = unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<u64>();
        if ptr.is_null() {
            return Err(refused());
        }
        Vec::from_raw_parts(ptr, n, n)
    };
    advise_huge_pages(&mut words);
    let mut words = std::mem::ManuallyDrop::new(words);
    let (ptr, len, capacity) = (words.as_mut_ptr(), words.len(), words.capacity());
    // SAFETY: `AtomicU64` has the size, bit validity and (checked above) the alignment of
    // `u64`, so the allocation of `capacity` u64 words (not dropped: `ManuallyDrop`) is one
    // of `capacity` atomic words with the same layout, of which `len` are initialised.
    Ok(unsafe { Vec::from_raw_parts(ptr.cast::<AtomicU64>(), len, capacity) })
}

/// [`try_zeroed_words`] for a measurement (`access_cost`): panics if refused.
pub(crate) fn zeroed_words(n: usize) -> Vec<AtomicU64> {
    try_zeroed_words(n).unwrap_or_else(|e| panic!("{e}"))
}

/// The error of a table of `bytes` the system would not allocate.
pub(crate) fn refused(bytes: u64) -> Error {
    Error::new(
        ErrorKind::Io,
        format!(
            "the system refused the {bytes} bytes ({:.1} GiB) of memory the table needs; free memory or raise the \
             process's limit (ulimit -v)",
            bytes as f64 / (1u64 << 30) as f64
        ),
    )
}

/// Asks the kernel to back the whole 2 MiB pages of `words` by huge pages; the answer
/// is ignored (a refusal only costs speed).
#[cfg(target_os = "linux")]
fn advise_huge_pages(words: &mut [u64]) {
    const HUGE: usize = 2 << 20;
    let start = words.as_mut_ptr() as usize;
    let end = start + std::mem::size_of_val(words);
    let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
    if to > from {
        // SAFETY: [from, to) lies inside the allocation of `words`, which this function
        // borrows mutably; MADV_HUGEPAGE changes how its pages are backed, not their
        // contents.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_words: &mut [u64]) {}

/// Starts loading the cache line of `x` (a hint: no effect on any value read).
#[inline(always)]
pub(crate) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `prefetcht0` neither faults nor changes memory; `x` is a live reference.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    #[test]
    fn zeroed_words_are_zero_and_writable() {
        for n in [0, 1, 5, 1 << 20] {
            let w = zeroed_words(n);
            assert_eq!(w.len(), n);
            assert!(w.iter().all(|x| x.load(Ordering::Relaxed) == 0));
            if n > 0 {
                w[n - 1].fetch_or(7, Ordering::Relaxed);
                prefetch(&w[n / 2]);
                assert_eq!(w[n - 1].load(Ordering::Relaxed), 7);
            }
        }
    }
}
