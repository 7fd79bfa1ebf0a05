//! The keys of each command's typed request: the field names serde's derive knows, in
//! the order they are declared (what `GET /api/commands` lists for every endpoint).

use crate::{build, census, cubes, design, extended, magic, magic_check, magic_estimate, magic_squares};
use crate::{picture, print, relations, show, solve, stack, verify};
use serde::de::{self, Deserialize, Deserializer, Visitor};

/// A deserializer that only records the field list a derived `Deserialize` of a struct
/// hands to [`Deserializer::deserialize_struct`], then fails.
struct FieldsOf<'a>(&'a mut &'static [&'static str]);

impl<'de> Deserializer<'de> for FieldsOf<'_> {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("not a struct"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        *self.0 = fields;
        Err(de::Error::custom("fields recorded"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

/// The field names of the request type `T` (a struct deriving `Deserialize`), in
/// declaration order.
fn fields<T: for<'de> Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields: &'static [&'static str] = &[];
    // The deserializer always fails once it has recorded the fields.
    let _ = T::deserialize(FieldsOf(&mut fields));
    fields
}

/// The keys a JSON input of the command `path` (one of [`crate::COMMANDS`] or
/// [`print::COMMANDS`]) may hold: its typed request's fields in declaration order (a
/// print input also takes [`print::FORMAT_KEY`]), or `None` for another path.
///
/// ```
/// assert_eq!(cubelab_api::keys("show"), Some(&["cube"][..]));
/// assert_eq!(cubelab_api::keys("nonsense"), None);
/// ```
pub fn keys(path: &str) -> Option<&'static [&'static str]> {
    Some(match path {
        "cubes" => fields::<cubes::CubesRequest>(),
        "show" => fields::<show::ShowRequest>(),
        "build" => fields::<build::BuildRequest>(),
        "solve" => fields::<solve::SolveRequest>(),
        "relations" => fields::<relations::RelationsRequest>(),
        "magic enumerate" => fields::<magic::EnumerateRequest>(),
        "magic check" => fields::<magic_check::CheckRequest>(),
        "magic construct" => fields::<magic::ConstructRequest>(),
        "magic squares" => fields::<magic_squares::SquaresRequest>(),
        "magic squares-merge" => fields::<magic_squares::MergeRequest>(),
        "magic estimate" => fields::<magic_estimate::EstimateRequest>(),
        "verify" => fields::<verify::VerifyRequest>(),
        "picture check" => fields::<picture::CheckRequest>(),
        "picture solve" => fields::<picture::SolveRequest>(),
        "picture scramble" => fields::<picture::ScrambleRequest>(),
        "picture bounds" => fields::<picture::BoundsRequest>(),
        "picture census" => fields::<picture::CensusRequest>(),
        "census solution-numbers" => fields::<census::solution_numbers::SolutionNumbersRequest>(),
        "census targets" => fields::<census::targets::TargetsRequest>(),
        "census multisets" => fields::<census::multisets::MultisetsRequest>(),
        "census infeasible" => fields::<census::infeasible::InfeasibleRequest>(),
        "census universal" => fields::<census::universal::UniversalRequest>(),
        "census max-targets" => fields::<census::max_targets::MaxTargetsRequest>(),
        "census sobczyk" => fields::<census::sobczyk::SobczykRequest>(),
        "census merge" => fields::<census::merge::MergeRequest>(),
        "stack solve" => fields::<stack::StackSolveRequest>(),
        "stack census" => fields::<stack::StackCensusRequest>(),
        "stack merge" => fields::<stack::StackMergeRequest>(),
        "stack classics" => fields::<stack::StackClassicsRequest>(),
        "extended" => fields::<extended::ExtendedRequest>(),
        "design stack" => fields::<design::DesignStackRequest>(),
        "design blocks" => fields::<design::DesignBlocksRequest>(),
        "design extended" => fields::<design::DesignExtendedRequest>(),
        "print blocks" => fields::<print::PrintBlocksRequest>(),
        "print stack" => fields::<print::PrintStackRequest>(),
        "print magic" => fields::<print::PrintMagicRequest>(),
        #[cfg(feature = "images")]
        "print picture" => fields::<print::PrintPictureRequest>(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_its_request_keys() {
        for path in crate::COMMANDS {
            assert!(keys(path).is_some(), "{path} has no keys");
        }
        assert_eq!(keys("picture solve"), Some(&["board", "method", "metric", "max_nodes", "timeout"][..]));
        assert_eq!(keys("stack classics"), Some(&[][..]));
        assert_eq!(keys("print blocks"), Some(&["blocks", "paper", "edge"][..]));
    }

    #[test]
    fn the_keys_are_those_the_request_names_when_refusing_an_unknown_one() {
        for path in crate::COMMANDS {
            let input = serde_json::json!({ "no such key": 1 });
            let e = crate::run_any(path, input, &crate::Context::new()).err().unwrap().to_string();
            assert!(e.contains("unknown field `no such key`"), "{path}: {e}");
            for key in keys(path).unwrap() {
                assert!(e.contains(&format!("`{key}`")), "{path}: {key} not in {e}");
            }
        }
    }
}
