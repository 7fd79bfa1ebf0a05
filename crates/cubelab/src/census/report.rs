//! Census reports: the typed results of every census, in the JSON shapes the `cubelab`
//! binary prints, and the merge of the shards of one census.
//!
//! The binary prints a report inside the JSON envelope of every output (`docs/json.md`):
//! `"kind"` (here [`CensusReport::kind`], e.g. `"census-targets"`), `"format_version"`,
//! `"input"` (the command's inputs, an object with a `"shard"` key) and then the report's
//! own fields. Each report type has a zero-sized [`tag`] field (not in the JSON: the
//! kind says it), and [`CensusReport`] is the one enum over all kinds: read a printed
//! report with [`CensusReport::from_json`], merge shards with [`merge`].
//!
//! A shard's report (one whose `shard` field is not null) is sealed with
//! [`CensusReport::seal`]: its last field, `"checksum"`, is the
//! [`Checksum`](crate::io::Checksum) of the canonical (compact) JSON of its input followed
//! by that of the rest of the report, as 16 hexadecimal digits. [`merge`] refuses a shard
//! without it or whose checksum does not match, and checks what needs no checksum
//! (histogram totals, counts, set sizes). Reports of whole censuses have a null checksum.

mod check;
mod merge;
mod types;

pub use merge::merge;
pub use types::*;

use crate::census::Method;
use crate::Error;
use serde::Serialize;

/// The zero-sized types of the reports' `census` field (skipped in their JSON, where the kind
/// names the census): each serializes as its census's name
/// and reads back only from that name.
pub mod tag {
    macro_rules! tags {
        ($($(#[$doc:meta])* $name:ident = $s:literal;)*) => {$(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
            pub struct $name;

            impl $name {
                /// The census's name (in messages; the output's kind is `census-` and this).
                pub const NAME: &'static str = $s;
            }

            impl serde::Serialize for $name {
                fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    s.serialize_str($s)
                }
            }

            impl<'de> serde::Deserialize<'de> for $name {
                fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    let name = String::deserialize(d)?;
                    if name == $s {
                        Ok($name)
                    } else {
                        Err(serde::de::Error::custom(format!("census '{name}' where '{}' was expected", $s)))
                    }
                }
            }
        )*};
    }

    tags! {
        /// `"solution-numbers"`.
        SolutionNumbers = "solution-numbers";
        /// `"solution-numbers-all"`.
        AllTargets = "solution-numbers-all";
        /// `"targets"`.
        Targets = "targets";
        /// `"targets-all"`.
        AllSizes = "targets-all";
        /// `"universal"`.
        Universal = "universal";
        /// `"multisets"`.
        Multisets = "multisets";
        /// `"max-targets"` (both the exhaustive census and the search).
        MaxTargets = "max-targets";
        /// `"infeasible"`.
        Infeasible = "infeasible";
    }
}

/// Any census report: the enum the merge dispatches on. Serializes exactly as the report
/// it holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum CensusReport {
    /// `census solution-numbers` for one target.
    SolutionNumbers(SolutionNumbers),
    /// `census solution-numbers --all-targets`.
    AllTargets(AllTargets),
    /// `census targets --size K`.
    Targets(Targets),
    /// `census targets --size all`.
    AllSizes(AllSizes),
    /// `census universal`.
    Universal(Universal),
    /// `census multisets`.
    Multisets(Multisets),
    /// `census max-targets` over MacMahon's cubes.
    MaxTargets(MaxTargets),
    /// `census max-targets` by local search (Sadisticube 7).
    MaxTargetsSearch(MaxTargetsSearch),
    /// `census infeasible`.
    Infeasible(Infeasible),
}

fn parse<T: serde::de::DeserializeOwned>(v: serde_json::Value) -> Result<T, Error> {
    serde_json::from_value(v)
        .map_err(|e| Error::malformed(format!("not the JSON output of a census: {}", e.to_string().replace('\n', " "))))
}

/// The version of the JSON contract the reports are read and written in (`docs/json.md`):
/// the one [`crate::FORMAT_VERSION`].
pub use crate::FORMAT_VERSION;

/// Refuses a JSON output whose `format_version` is not between
/// [`crate::OLDEST_READ_FORMAT_VERSION`] and [`FORMAT_VERSION`] (or, when
/// `required`, missing): the one check every merge (`census merge`, `stack merge`,
/// `magic squares-merge`) makes. (The stack and magic-square readers also take a bare
/// report, without the envelope, as the library writes it.)
pub(crate) fn check_format_version(v: &serde_json::Value, required: bool) -> Result<(), Error> {
    if !required && v.get("format_version").is_none() {
        return Ok(());
    }
    let version = v.get("format_version").and_then(|k| k.as_u64());
    let readable = u64::from(crate::OLDEST_READ_FORMAT_VERSION)..=u64::from(FORMAT_VERSION);
    if !version.is_some_and(|v| readable.contains(&v)) {
        let found = v.get("format_version").map_or("missing".to_string(), |x| x.to_string());
        let found: String = found.chars().take(40).collect();
        let expected = if readable.start() == readable.end() {
            FORMAT_VERSION.to_string()
        } else {
            format!("{} to {}", readable.start(), readable.end())
        };
        return Err(Error::malformed(format!(
            "format_version {found} where {expected} was expected: written by another version of cubelab"
        )));
    }
    Ok(())
}

impl CensusReport {
    /// Reads a report and its input from the JSON a census printed (the envelope of
    /// `docs/json.md`: `kind`, `format_version`, `input`, then the report). Checks the
    /// JSON shape of its kind, not its checksum or its figures (see
    /// [`CensusReport::verify`]).
    pub fn from_json(text: &str) -> Result<(serde_json::Value, CensusReport), Error> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| {
            Error::malformed(format!("not the JSON output of a census: {}", e.to_string().replace('\n', " ")))
        })?;
        CensusReport::from_value(v)
    }

    /// [`CensusReport::from_json`] of the JSON value (already parsed) a census printed.
    pub fn from_value(mut v: serde_json::Value) -> Result<(serde_json::Value, CensusReport), Error> {
        let kind = v
            .get("kind")
            .and_then(|k| k.as_str())
            .ok_or_else(|| Error::malformed("not the JSON output of a census (no \"kind\" field)"))?
            .to_string();
        check_format_version(&v, true)?;
        let input = match v.as_object_mut().and_then(|o| o.remove("input")) {
            Some(i @ serde_json::Value::Object(_)) => i,
            _ => return Err(Error::malformed("not the JSON output of a census (no \"input\" object)")),
        };
        let report = match kind.as_str() {
            "census-solution-numbers" => CensusReport::SolutionNumbers(parse(v)?),
            "census-solution-numbers-all" => CensusReport::AllTargets(parse(v)?),
            "census-targets" => CensusReport::Targets(parse(v)?),
            "census-targets-all" => CensusReport::AllSizes(parse(v)?),
            "census-universal" => CensusReport::Universal(parse(v)?),
            "census-multisets" => CensusReport::Multisets(parse(v)?),
            "census-max-targets" => CensusReport::MaxTargets(parse(v)?),
            "census-max-targets-search" => CensusReport::MaxTargetsSearch(parse(v)?),
            "census-infeasible" => CensusReport::Infeasible(parse(v)?),
            other => return Err(Error::unknown(format!("unknown census '{other}'"))),
        };
        Ok((input, report))
    }

    /// The census's name (`"targets"`, ...; used in messages).
    pub fn census(&self) -> &'static str {
        match self {
            CensusReport::SolutionNumbers(_) => tag::SolutionNumbers::NAME,
            CensusReport::AllTargets(_) => tag::AllTargets::NAME,
            CensusReport::Targets(_) => tag::Targets::NAME,
            CensusReport::AllSizes(_) => tag::AllSizes::NAME,
            CensusReport::Universal(_) => tag::Universal::NAME,
            CensusReport::Multisets(_) => tag::Multisets::NAME,
            CensusReport::MaxTargets(_) | CensusReport::MaxTargetsSearch(_) => tag::MaxTargets::NAME,
            CensusReport::Infeasible(_) => tag::Infeasible::NAME,
        }
    }

    /// The `"kind"` of the printed report: `census-` and the census's name, with
    /// `census-max-targets-search` for the search (its shape differs).
    pub fn kind(&self) -> &'static str {
        match self {
            CensusReport::SolutionNumbers(_) => "census-solution-numbers",
            CensusReport::AllTargets(_) => "census-solution-numbers-all",
            CensusReport::Targets(_) => "census-targets",
            CensusReport::AllSizes(_) => "census-targets-all",
            CensusReport::Universal(_) => "census-universal",
            CensusReport::Multisets(_) => "census-multisets",
            CensusReport::MaxTargets(_) => "census-max-targets",
            CensusReport::MaxTargetsSearch(_) => "census-max-targets-search",
            CensusReport::Infeasible(_) => "census-infeasible",
        }
    }

    /// The shard (`"I/N"`) this report covers, if it is one shard of a census.
    pub fn shard(&self) -> Option<&str> {
        match self {
            CensusReport::SolutionNumbers(r) => r.shard.as_deref(),
            CensusReport::AllTargets(r) => r.shard.as_deref(),
            CensusReport::Targets(r) => r.shard.as_deref(),
            CensusReport::AllSizes(r) => r.shard.as_deref(),
            CensusReport::Universal(r) => r.shard.as_deref(),
            CensusReport::Infeasible(r) => r.shard.as_deref(),
            CensusReport::Multisets(_) | CensusReport::MaxTargets(_) | CensusReport::MaxTargetsSearch(_) => None,
        }
    }

    /// The method of the census, where the report names one.
    pub fn method(&self) -> Option<Method> {
        match self {
            CensusReport::SolutionNumbers(r) => Some(r.method),
            CensusReport::AllTargets(r) => Some(r.method),
            CensusReport::Targets(r) => Some(r.method),
            CensusReport::AllSizes(r) => Some(r.method),
            CensusReport::Universal(r) => Some(r.method),
            CensusReport::Multisets(r) => Some(r.method),
            CensusReport::Infeasible(r) => Some(r.method),
            CensusReport::MaxTargets(_) | CensusReport::MaxTargetsSearch(_) => None,
        }
    }

    fn checksum_field(&mut self) -> Option<&mut Option<String>> {
        match self {
            CensusReport::SolutionNumbers(r) => Some(&mut r.checksum),
            CensusReport::AllTargets(r) => Some(&mut r.checksum),
            CensusReport::Targets(r) => Some(&mut r.checksum),
            CensusReport::AllSizes(r) => Some(&mut r.checksum),
            CensusReport::Universal(r) => Some(&mut r.checksum),
            CensusReport::Infeasible(r) => Some(&mut r.checksum),
            CensusReport::Multisets(_) | CensusReport::MaxTargets(_) | CensusReport::MaxTargetsSearch(_) => None,
        }
    }

    /// The checksum of the report's content: of the compact JSON of its input, then of the
    /// report without the checksum.
    fn content_checksum(&self, input: &serde_json::Value) -> Result<String, Error> {
        let mut bare = self.clone();
        if let Some(c) = bare.checksum_field() {
            *c = None;
        }
        let internal = |e: serde_json::Error| {
            Error::new(crate::ErrorKind::Internal, format!("a report cannot be serialized: {e}"))
        };
        let mut bytes = serde_json::to_vec(input).map_err(internal)?;
        bytes.extend(serde_json::to_vec(&bare).map_err(internal)?);
        Ok(format!("{:016x}", crate::io::Checksum::of(&bytes)))
    }

    /// Seals a shard's report printed with `input`: sets its `"checksum"` field (see the
    /// module documentation). Reports that are not a shard are left as they are.
    pub fn seal(&mut self, input: &serde_json::Value) -> Result<(), Error> {
        if self.shard().is_none() {
            return Ok(());
        }
        let sum = self.content_checksum(input)?;
        if let Some(c) = self.checksum_field() {
            *c = Some(sum);
        }
        Ok(())
    }

    /// The checks [`merge`] makes of each part: a shard must carry a checksum that matches
    /// its content, and every report's figures must agree with each other (histogram totals
    /// equal the number of sets, counts equal list lengths, sets have the stated size).
    /// `input` is the report's printed input, which the checksum covers too, and whose
    /// `"shard"` must be the report's.
    pub fn verify(&self, input: &serde_json::Value) -> Result<(), Error> {
        let mut copy = self.clone();
        let stated = copy.checksum_field().and_then(|c| c.take());
        if stated.is_none() && self.shard().is_some() {
            return Err(Error::checkpoint("a shard without a checksum: it was edited or written by another version"));
        }
        if let Some(sum) = stated {
            if self.content_checksum(input)? != sum {
                return Err(Error::checkpoint(
                    "its checksum does not match its content: the shard was edited or damaged after it was written",
                ));
            }
        }
        if input.get("shard").and_then(|s| s.as_str()) != self.shard() {
            return Err(Error::checkpoint("its input names another shard than its report"));
        }
        check::consistent(self)
    }
}

/// Six decimals, so that text and JSON agree across machines, shards and merges.
pub fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// The label of the cube set `C_n` in reports: `macmahon` for six colors, else `C{n}`.
pub fn universe_label(colors: usize) -> String {
    if colors == 6 {
        "macmahon".into()
    } else {
        format!("C{colors}")
    }
}

/// The number of cubes of the universe a report's label names: 30 for `macmahon`, the
/// cubes of `C_n` for `Cn` (1, 8, 30, 68, 75 for n = 1..5), 210 for `palette7`
/// (Sadisticube 7); `None` for a label no census writes.
pub fn universe_cubes(label: &str) -> Option<usize> {
    if label == "palette7" {
        return Some(crate::census::wide::BLOCKS);
    }
    let colors = universe_colors(label).ok()?;
    crate::coloring::exact_colorings(colors).ok().map(|c| c.len())
}

/// The number of colors of a universe label written by [`universe_label`].
pub(crate) fn universe_colors(label: &str) -> Result<usize, Error> {
    if label == "macmahon" {
        return Ok(6);
    }
    label
        .strip_prefix('C')
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| Error::unknown(format!("unknown universe '{label}'")))
}

#[cfg(test)]
mod tests;
