//! The guard that refuses work beyond the [`Limits`] up front, with the command to run
//! instead, for the commands not yet ported to the typed layer (`cubelab_api`, whose
//! requests check their own limits).

use super::ApiError;
use clap::ArgMatches;
use cubelab_api::Limits;

/// A refusal: why, with the command to run instead.
type Refusal = Result<(), String>;

/// Refuses work beyond the limits, up front, with the command to run instead.
pub(super) fn guard(path: &str, m: &ArgMatches, limits: &Limits, shown: &str) -> Result<(), ApiError> {
    let checked = match path {
        "stack solve" => listed(m, limits, "stacks"),
        "magic enumerate" | "magic construct" => magic(path, m, limits),
        "stack census" => stack_census(m, limits),
        "extended" => extended(m, limits),
        _ => Ok(()),
    };
    checked.map_err(|why| ApiError::refused(&why, shown))
}

/// The raw string values of an argument (as typed).
fn raw<'a>(m: &'a ArgMatches, id: &str) -> Vec<&'a str> {
    match m.try_get_raw(id) {
        Ok(Some(v)) => v.filter_map(|s| s.to_str()).collect(),
        _ => Vec::new(),
    }
}

/// An argument's number, if it was given and is one (else the command reports it).
fn number(m: &ArgMatches, id: &str) -> Option<u64> {
    raw(m, id).first().and_then(|s| s.parse().ok())
}

/// `limit` of `solve` and `stack solve`: the number of `what` listed.
fn listed(m: &ArgMatches, limits: &Limits, what: &str) -> Refusal {
    if let Some(n) = number(m, "limit").filter(|&n| n > limits.listed) {
        return Err(format!("listing {n} {what} is too much for a request (limit at most {})", limits.listed));
    }
    Ok(())
}

/// `magic enumerate --order` and `magic construct --order`.
fn magic(path: &str, m: &ArgMatches, limits: &Limits) -> Refusal {
    let order = number(m, "order");
    if path == "magic enumerate" && order.is_some_and(|n| n > 3) {
        return Err("a search beyond order 3 takes hours".to_string());
    }
    if let Some(n) = order.filter(|&n| path == "magic construct" && n > limits.magic_order) {
        return Err(format!("a cube of order {n} is too large for a request (at most {})", limits.magic_order));
    }
    Ok(())
}

/// `stack census --colors N`.
fn stack_census(m: &ArgMatches, limits: &Limits) -> Refusal {
    if let Some(n) = number(m, "colors").filter(|&n| n > limits.stack_colors) {
        return Err(format!("the census over C_{n} takes too long for a request (at most C_{})", limits.stack_colors));
    }
    Ok(())
}

/// `extended`: N, the random multisets and the local search's steps.
fn extended(m: &ArgMatches, limits: &Limits) -> Refusal {
    if matches!(m.try_get_one::<bool>("guarantee"), Ok(Some(true))) {
        return Err("the exhaustive search of --guarantee takes minutes: run it on the command line".into());
    }
    let size = number(m, "size").unwrap_or(3);
    if size > limits.extended_size && usize::try_from(size).is_ok_and(|n| cubelab::extended::check_size(n).is_ok()) {
        return Err(format!("N = {size} is too large for a request (at most {})", limits.extended_size));
    }
    if let Some(s) = number(m, "samples").filter(|&s| s > limits.extended_samples) {
        return Err(format!("{s} random multisets take too long for a request (at most {})", limits.extended_samples));
    }
    let steps = number(m, "restarts").unwrap_or(10).saturating_mul(number(m, "steps").unwrap_or(300));
    if steps > limits.extended_search_steps {
        return Err(format!(
            "a local search of {steps} steps (restarts x steps) takes too long for a request (at most {})",
            limits.extended_search_steps
        ));
    }
    Ok(())
}
