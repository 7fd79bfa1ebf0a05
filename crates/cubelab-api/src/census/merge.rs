//! `census merge`: the shards of one census into the whole census's report, through the
//! library's typed merge ([`cubelab::census::report::merge`]). The shards are values of
//! the request (each the JSON a shard printed), so no surface passes files or file text.

use super::{internal, CensusOutput};
use crate::error::Result;
use crate::Context;
use cubelab::census::report::{merge, CensusReport};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One shard's output: the report a census printed with `shard` set (its JSON, envelope
/// and all: `kind`, `format_version`, `input`, the report, `checksum`), read into the
/// typed report and its input.
#[derive(Debug, Clone)]
pub struct ShardOutput {
    /// The input the shard echoed.
    pub input: serde_json::Value,
    /// The shard's report.
    pub report: CensusReport,
}

impl ShardOutput {
    /// The shard output of a census's JSON output (as [`CensusReport::from_value`] reads it).
    pub fn from_value(value: serde_json::Value) -> Result<ShardOutput> {
        let (input, report) = CensusReport::from_value(value)?;
        Ok(ShardOutput { input, report })
    }
}

impl Serialize for ShardOutput {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::Error as _;
        let mut v = serde_json::to_value(&self.report).map_err(S::Error::custom)?;
        if let Some(o) = v.as_object_mut() {
            let mut envelope = serde_json::Map::new();
            envelope.insert("kind".into(), self.report.kind().into());
            envelope.insert("format_version".into(), crate::FORMAT_VERSION.into());
            envelope.insert("input".into(), self.input.clone());
            envelope.extend(std::mem::take(o));
            v = serde_json::Value::Object(envelope);
        }
        v.serialize(s)
    }
}

impl<'de> Deserialize<'de> for ShardOutput {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<ShardOutput, D::Error> {
        let v = serde_json::Value::deserialize(d)?;
        ShardOutput::from_value(v).map_err(|e| serde::de::Error::custom(e.message()))
    }
}

impl JsonSchema for ShardOutput {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ShardOutput".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "object",
            "description": "The JSON output of one shard of a census (`census ... --shard I/N --json`)."
        })
    }
}

/// One part of a merge: a name for messages (the file it came from) and the shard.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergePart {
    /// How messages name the part (the command line: `file 2 'part2.json'`).
    pub name: String,
    /// The shard's output.
    pub shard: ShardOutput,
}

/// The request of `census merge`: every shard of one census, in any order.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MergeRequest {
    /// The shards.
    pub parts: Vec<MergePart>,
}

/// Runs `census merge`: every part is checked (checksum, figures, same census, shards
/// 1..N once each) and merged into exactly the unsharded report, with the input the
/// shards share.
pub fn run(req: &MergeRequest, ctx: &Context) -> Result<CensusOutput> {
    super::check_stop(ctx)?;
    let parts: Vec<(&str, serde_json::Value, CensusReport)> =
        req.parts.iter().map(|p| (p.name.as_str(), p.shard.input.clone(), p.shard.report.clone())).collect();
    let (input, merged) = merge(&parts)?;
    let out = CensusOutput::new(merged, &input)?;
    if out.report.shard().is_some() {
        return Err(internal("a merge gave a shard"));
    }
    Ok(out)
}
