//! The dispatch over command paths for the surfaces that receive JSON (the web API, the
//! Python package): [`run_any`] deserializes a JSON object straight into the command's
//! typed request and runs it.

use crate::error::{Error, Result};
use crate::report::Format;
use crate::{build, census, cubes, design, extended, picture, relations, show, solve, stack, stack_census, Context};
use crate::{magic, magic_check, magic_estimate, magic_squares, verify};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// The command paths [`run_any`] runs, with the typed requests of this crate: every
/// computing command of `cubelab` (not `completions`, `man` or `serve`). The web server
/// and the browser's engine serve a subset of them ([`crate::web::COMMANDS`]).
pub const COMMANDS: &[&str] = &[
    "cubes",
    "show",
    "build",
    "solve",
    "relations",
    "magic enumerate",
    "magic check",
    "magic construct",
    "magic squares",
    "magic squares-merge",
    "magic estimate",
    "verify",
    "picture check",
    "picture solve",
    "picture scramble",
    "picture bounds",
    "picture census",
    "census solution-numbers",
    "census targets",
    "census multisets",
    "census infeasible",
    "census universal",
    "census max-targets",
    "census sobczyk",
    "census merge",
    "stack solve",
    "stack census",
    "stack merge",
    "stack classics",
    "extended",
    "design stack",
    "design blocks",
    "design extended",
];

/// A report with what renders it: its formats, its picture and its JSON envelope.
pub trait Rendered: Send + Sync {
    /// The report in `format` (JSON: exactly what `cubelab COMMAND ... --json` prints).
    fn render(&self, format: Format) -> Result<String>;

    /// The SVG picture of the report, if it has one.
    fn svg(&self) -> Option<String> {
        None
    }

    /// The JSON envelope itself (kind, format version, input, report), to be serialized
    /// by any serde serializer: `--json`'s text is this through `serde_json`, the Python
    /// package turns it into Python objects without that text.
    fn envelope(&self) -> Box<dyn erased_serde::Serialize + '_>;
}

impl<R> Rendered for (R, R::Input)
where
    R: crate::Report + Send + Sync,
    R::Input: Send + Sync,
{
    fn render(&self, format: Format) -> Result<String> {
        crate::render(&self.0, &self.1, format)
    }

    fn svg(&self) -> Option<String> {
        self.0.svg()
    }

    fn envelope(&self) -> Box<dyn erased_serde::Serialize + '_> {
        Box::new(crate::report::envelope(&self.0, &self.1))
    }
}

/// The report of any command, with its request: rendered in any of its formats.
pub type AnyReport = Box<dyn Rendered>;

/// The typed request of a JSON object: unknown fields, wrong types and missing required
/// fields are bad input, in one line naming the field (`'blocks': invalid type: string
/// "Ac", expected a sequence`). `null` values count as absent (the defaults).
pub fn request<T: DeserializeOwned>(input: Value) -> Result<T> {
    let input = match input {
        Value::Object(mut o) => {
            o.retain(|_, v| !v.is_null());
            Value::Object(o)
        }
        Value::Null => Value::Object(Default::default()),
        _ => return Err(Error::bad("the input must be a JSON object")),
    };
    serde_path_to_error::deserialize(input)
        .map_err(|e| Error::deserializing(&e.path().to_string(), &e.inner().to_string().replace('\n', " ")))
}

/// Runs the command `path` (one of [`COMMANDS`], e.g. `"build"`) on `input`, a JSON object
/// of its request's fields (the `"input"` its JSON output echoes): the object is
/// deserialized into the typed request and run with `ctx` (its deadline is watched for
/// the length of the call).
pub fn run_any(path: &str, input: Value, ctx: &Context) -> Result<AnyReport> {
    let _watch = ctx.watch();
    match path {
        "cubes" => {
            let req: cubes::CubesRequest = request(input)?;
            Ok(match cubes::run(&req, ctx)? {
                cubes::CubesReport::List(r) => Box::new((r, cubes::Input::of(&req))),
                cubes::CubesReport::Tableau(r) => Box::new((r, cubes::Input::of(&req))),
            })
        }
        "show" => {
            let req: show::ShowRequest = request(input)?;
            Ok(Box::new((show::run(&req, ctx)?, show::Input::of(&req))))
        }
        "build" => {
            let req: build::BuildRequest = request(input)?;
            Ok(build::run(&req, ctx)?.rendered(&req))
        }
        "solve" => {
            let req: solve::SolveRequest = request(input)?;
            Ok(solve::run(&req, ctx)?.rendered(&req))
        }
        "relations" => {
            let req: relations::RelationsRequest = request(input)?;
            Ok(match relations::run(&req, ctx)? {
                relations::RelationsOutput::Relations(r) => Box::new((*r, relations::Input::of(&req))),
                relations::RelationsOutput::Ground(r) => Box::new((*r, relations::Input::of(&req))),
            })
        }
        "magic enumerate" => {
            let req: magic::EnumerateRequest = request(input)?;
            Ok(Box::new((magic::enumerate(&req, ctx)?, magic::EnumerateInput::of(&req))))
        }
        "magic check" => {
            let req: magic_check::CheckRequest = request(input)?;
            Ok(magic_check::run(&req, ctx)?.rendered(&req))
        }
        "magic construct" => {
            let req: magic::ConstructRequest = request(input)?;
            Ok(Box::new((magic::construct(&req, ctx)?, magic::ConstructInput { order: req.order })))
        }
        "magic squares" => {
            let req: magic_squares::SquaresRequest = request(input)?;
            let report = magic_squares::run(&req, ctx)?;
            let input = magic_squares::SquaresInput::of(&report, req.classes, req.list);
            Ok(Box::new((report, input)))
        }
        "magic squares-merge" => {
            let req: magic_squares::MergeRequest = request(input)?;
            let report = magic_squares::merge(&req, ctx)?;
            let input = magic_squares::SquaresInput::of(&report, false, false);
            Ok(Box::new((report, input)))
        }
        "magic estimate" => {
            let req: magic_estimate::EstimateRequest = request(input)?;
            Ok(magic_estimate::run(&req, ctx)?.rendered(&req))
        }
        "verify" => {
            let req: verify::VerifyRequest = request(input)?;
            Ok(Box::new((verify::run(&req, ctx)?, verify::Input::of(&req))))
        }
        "picture check" => {
            let req: picture::CheckRequest = request(input)?;
            Ok(Box::new((picture::board::check(&req, ctx)?, picture::board::CheckInput::of(&req))))
        }
        "picture solve" => {
            let req: picture::SolveRequest = request(input)?;
            Ok(Box::new((picture::solve::run(&req, ctx)?, picture::solve::SolveInput::of(&req))))
        }
        "picture scramble" => {
            let req: picture::ScrambleRequest = request(input)?;
            Ok(Box::new((picture::board::scramble(&req, ctx)?, picture::board::ScrambleInput::of(&req))))
        }
        "picture bounds" => {
            let req: picture::BoundsRequest = request(input)?;
            Ok(Box::new((picture::bounds::run(&req, ctx)?, picture::bounds::BoundsInput::of(&req))))
        }
        "picture census" => {
            let req: picture::CensusRequest = request(input)?;
            Ok(Box::new((picture::census::run(&req, ctx)?, picture::census::CensusInput::of(&req))))
        }
        "census solution-numbers" => {
            let req: census::solution_numbers::SolutionNumbersRequest = request(input)?;
            Ok(Box::new(census::solution_numbers::run(&req, ctx)?))
        }
        "census targets" => {
            let req: census::targets::TargetsRequest = request(input)?;
            Ok(Box::new(census::targets::run(&req, ctx)?))
        }
        "census multisets" => {
            let req: census::multisets::MultisetsRequest = request(input)?;
            Ok(Box::new(census::multisets::run(&req, ctx)?))
        }
        "census infeasible" => {
            let req: census::infeasible::InfeasibleRequest = request(input)?;
            Ok(Box::new(census::infeasible::run(&req, ctx)?))
        }
        "census universal" => {
            let req: census::universal::UniversalRequest = request(input)?;
            Ok(Box::new(census::universal::run(&req, ctx)?))
        }
        "census max-targets" => {
            let req: census::max_targets::MaxTargetsRequest = request(input)?;
            Ok(Box::new(census::max_targets::run(&req, ctx)?))
        }
        "census sobczyk" => {
            let req: census::sobczyk::SobczykRequest = request(input)?;
            Ok(Box::new((census::sobczyk::run(&req, ctx)?, req)))
        }
        "census merge" => {
            let req: census::merge::MergeRequest = request(input)?;
            Ok(Box::new(census::merge::run(&req, ctx)?))
        }
        "stack solve" => {
            let req: stack::StackSolveRequest = request(input)?;
            Ok(Box::new((stack::solve(&req, ctx)?, stack::SolveInput::of(&req))))
        }
        "stack census" => {
            let req: stack::StackCensusRequest = request(input)?;
            let report = stack::census(&req, ctx)?;
            let input = stack_census::CensusInput::of(&report);
            Ok(Box::new((report, input)))
        }
        "stack merge" => {
            let req: stack::StackMergeRequest = request(input)?;
            let report = stack::merge(&req, ctx)?;
            let input = stack_census::CensusInput::of(&report);
            Ok(Box::new((report, input)))
        }
        "stack classics" => {
            let req: stack::StackClassicsRequest = request(input)?;
            Ok(Box::new((stack::classics(&req, ctx)?, stack::ClassicsInput {})))
        }
        "extended" => {
            let req: extended::ExtendedRequest = request(input)?;
            Ok(extended::run(&req, ctx)?.rendered(&req))
        }
        "design stack" => {
            let req: design::DesignStackRequest = request(input)?;
            Ok(Box::new((design::run_stack(&req, ctx)?, req)))
        }
        "design blocks" => {
            let req: design::DesignBlocksRequest = request(input)?;
            Ok(Box::new((design::run_blocks(&req, ctx)?, req)))
        }
        "design extended" => {
            let req: design::DesignExtendedRequest = request(input)?;
            Ok(Box::new((design::run_extended(&req, ctx)?, req)))
        }
        _ => Err(Error::bad(format!("unknown command '{path}' (known: {})", COMMANDS.join(", ")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use serde_json::json;

    const BLOCKS: [&str; 8] = ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"];

    #[test]
    fn the_object_becomes_the_typed_request() {
        let out = run_any("build", json!({"blocks": BLOCKS, "size": null}), &Context::new()).unwrap();
        let text = out.render(Format::Json).unwrap();
        assert!(text.starts_with("{\n  \"kind\": \"build\",\n  \"format_version\": 2,"), "{text}");
        assert!(out.render(Format::Text).unwrap().starts_with("8 blocks over colors 123456"));
    }

    #[test]
    fn bad_objects_are_bad_input_naming_the_field() {
        let cases = [
            (json!([1]), "must be a JSON object"),
            (json!({"blocks": BLOCKS, "colour": 1}), "unknown field `colour`"),
            (json!({"blocks": "Ac"}), "'blocks': invalid type"),
            (json!({"blocks": BLOCKS, "size": -1}), "'size': invalid value"),
            (json!({}), "missing field `blocks`"),
            (json!({"blocks": ["Ac"]}), "a 2x2x2 cube needs 8 blocks, 1 given"),
        ];
        for (input, needle) in cases {
            let e = run_any("build", input.clone(), &Context::new()).err().unwrap();
            assert_eq!(e.kind(), ErrorKind::BadInput, "{input}: {e}");
            assert!(e.to_string().contains(needle), "{input}: {e} should hold {needle}");
        }
        let e = run_any("build", json!({"blocks": BLOCKS, "size": 99}), &Context::new()).err().unwrap();
        assert_eq!(e.field(), Some(("size", "99")), "{e}");
        assert!(run_any("nonsense", json!({}), &Context::new()).is_err());
    }

    #[test]
    fn limits_refuse_before_any_work() {
        let many = vec!["Ab"; 40];
        let ctx = Context::new().with_limits(crate::Limits::default());
        let e = run_any("build", json!({ "blocks": many }), &ctx).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
    }

    #[test]
    fn a_raised_token_or_a_past_deadline_stops_build() {
        let ctx = Context::new();
        ctx.stop().request();
        let e = run_any("build", json!({ "blocks": BLOCKS }), &ctx).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
        let late = Context::new().with_deadline(std::time::Instant::now());
        let blocks: Vec<&str> = BLOCKS.iter().cycle().take(27).copied().collect();
        let e = run_any("build", json!({ "blocks": blocks, "size": 3 }), &late).err().unwrap();
        assert_eq!(e.kind(), ErrorKind::Stopped, "{e}");
    }
}
