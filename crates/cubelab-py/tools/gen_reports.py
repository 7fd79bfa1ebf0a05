"""Writes ``python/cubelab/reports.py``: one frozen dataclass per kind of JSON report of
docs/schemas/ (the JSON contract, docs/json.md), one per object type the reports use, and
a ``Literal`` alias per choice, with the schemas' descriptions as docstrings.

    python crates/cubelab-py/tools/gen_reports.py            # rewrite the module
    python crates/cubelab-py/tools/gen_reports.py --check    # exit 1 if it is stale

The test suite runs ``--check`` (tests/test_typing.py), so the classes follow the schemas,
which the command line's tests check against its output.
"""

from __future__ import annotations

import json
import keyword
import pathlib
import re
import sys
import textwrap
from typing import Any, Dict, List, Optional, Tuple

ROOT = pathlib.Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "docs" / "schemas"
OUT = ROOT / "crates" / "cubelab-py" / "python" / "cubelab" / "reports.py"

#: Public names for the schemas' object types where the Rust name reads badly in Python
#: (``PlacementOut``): the result classes the package's functions return.
RENAME = {
    "PlacementOut": "Placement",
    "SolutionOut": "Arrangement",
    "PlacedOut": "Placed",
    "BuiltOut": "BuiltExtended",
    "ExplainOut": "Explanation",
    "ComponentOut": "Component",
    "CubeOut": "StackCube",
    "SidesOut": "Sides",
    "StackOut": "Stack",
    "ClassicOut": "Classic",
    "ObstructionOut": "Obstruction",
    "MultisetOut": "Multiset",
    "FailingRow": "FailingLine",
    "SquareFailingRow": "SquareFailingLine",
    "Check": "VerifyCheck",
}

#: Display mixins (cubelab/_display.py) of the classes that draw themselves in a notebook
#: (``_repr_svg_``).
MIXINS = {
    "Built": "TargetDisplay",
    "BuiltExtended": "TargetDisplay",
    "Arrangement": "ArrangementDisplay",
    "Stack": "StackDisplay",
    "ShowReport": "ShowDisplay",
    # The typed layer's own picture of the report (`cubelab COMMAND ... --svg`'s),
    # attached by the call that made it (cubelab._results.pictured).
    "SolveReport": "TypedPicture",
    "SolveExtendedReport": "TypedPicture",
    "StackSolveReport": "TypedPicture",
    "PictureCheckReport": "TypedPicture",
    "PictureScrambleReport": "TypedPicture",
    "PictureSolveReport": "TypedPicture",
    "DesignStackReport": "TypedPicture",
    "DesignBlocksReport": "TypedPicture",
    "DesignExtendedReport": "TypedPicture",
    "MagicSquareCheckReport": "TypedPicture",
}

#: The envelope every report carries; the classes leave it out (``.json`` has it).
ENVELOPE = ("kind", "format_version", "input")


def camel(kind: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[-_ ]", kind))


def python_name(key: str) -> str:
    return key + "_" if keyword.iskeyword(key) else key


def doc(text: Optional[str], indent: str) -> str:
    """A docstring (triple-quoted) for ``text``, at ``indent``."""
    text = (text or "").strip().replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if not text:
        text = "(no description)"
    lines = []
    for para in text.split("\n"):
        lines.extend(textwrap.wrap(para, 88 - len(indent)) or [""])
    if len(lines) == 1:
        return f'{indent}"""{lines[0]}"""\n'
    body = "\n".join(indent + line if line else "" for line in lines)
    return f'{indent}"""{body.lstrip()}\n{indent}"""\n'


class Generator:
    def __init__(self) -> None:
        # name -> (canonical schema text, source) of the object classes and choice aliases
        self.defs: Dict[str, str] = {}
        self.classes: List[str] = []  # emitted code, in order
        self.aliases: List[str] = []
        self.reports: List[Tuple[str, str]] = []  # (kind, class name)

    def alias_or_class(self, name: str, schema: Dict[str, Any], defs: Dict[str, Any], owner: str) -> str:
        """The Python name for the definition ``name`` of a schema (made once; a
        definition of the same name but other content is prefixed by its report)."""
        canon = json.dumps(schema, sort_keys=True)
        name = RENAME.get(name, name)
        if name in self.defs:
            if self.defs[name] == canon:
                return name
            name = owner + name
            if name in self.defs:
                assert self.defs[name] == canon, name
                return name
        self.defs[name] = canon
        if self.choice(schema) is not None:
            values = self.choice(schema)
            lit = ", ".join(json.dumps(v) for v in values)
            lines = [f"{name} = Literal[{lit}]\n", doc(schema.get("description"), "")]
            for v in schema.get("oneOf", []):
                if v.get("description"):
                    lines.append(f"#   {json.dumps(v['const'])}: {v['description'].splitlines()[0]}\n")
            self.aliases.append("".join(lines))
            return name
        self.emit_class(name, schema, defs, owner)
        return name

    @staticmethod
    def choice(schema: Dict[str, Any]) -> Optional[List[str]]:
        if "oneOf" in schema and all("const" in v for v in schema["oneOf"]):
            return [v["const"] for v in schema["oneOf"]]
        if "enum" in schema:
            return list(schema["enum"])
        return None

    def type_of(self, schema: Dict[str, Any], defs: Dict[str, Any], owner: str, hint: str) -> str:
        """The Python type of a property schema."""
        if "$ref" in schema:
            ref = schema["$ref"].rsplit("/", 1)[-1]
            return self.alias_or_class(ref, defs[ref], defs, owner)
        if "anyOf" in schema:
            parts = [p for p in schema["anyOf"] if p.get("type") != "null"]
            nullable = len(parts) < len(schema["anyOf"])
            assert len(parts) == 1, schema
            inner = self.type_of(parts[0], defs, owner, hint)
            return f"Optional[{inner}]" if nullable else inner
        choice = self.choice(schema)
        if choice is not None:
            return "Literal[" + ", ".join(json.dumps(v) for v in choice) + "]"
        if "const" in schema:
            return f"Literal[{json.dumps(schema['const'])}]"
        t = schema.get("type")
        nullable = False
        if isinstance(t, list):
            nullable = "null" in t
            rest = [x for x in t if x != "null"]
            t = rest[0] if len(rest) == 1 else None
        if t == "integer":
            py = "int"
        elif t == "number":
            py = "float"
        elif t == "string":
            py = "str"
        elif t == "boolean":
            py = "bool"
        elif t == "array":
            items = schema.get("items", {})
            inner = self.type_of(items, defs, owner, hint) if items else "Any"
            if schema.get("minItems") is not None and schema.get("minItems") == schema.get("maxItems") and schema["minItems"] <= 4:
                py = "Tuple[" + ", ".join([inner] * schema["minItems"]) + "]"
            else:
                py = f"Tuple[{inner}, ...]"
        elif t == "object" and "properties" in schema:
            py = self.alias_or_class(hint, schema, defs, owner)
        elif t == "object" and isinstance(schema.get("additionalProperties"), dict):
            py = f"Dict[str, {self.type_of(schema['additionalProperties'], defs, owner, hint)}]"
        elif t is None and not schema:
            py = "Any"
        else:
            raise SystemExit(f"{owner}: a schema this generator does not read: {json.dumps(schema)[:200]}")
        return f"Optional[{py}]" if nullable else py

    def emit_class(self, name: str, schema: Dict[str, Any], defs: Dict[str, Any], owner: str, kind: Optional[str] = None) -> None:
        props = schema.get("properties", {})
        required = [k for k in schema.get("required", []) if k not in ENVELOPE or kind is None]
        optional = [k for k in props if k not in required and (k not in ENVELOPE or kind is None)]
        fields = []
        for key in required + optional:
            prop = props[key]
            py = self.type_of(prop, defs, owner, camel(key))
            attr = python_name(key)
            default = "" if key in required else " = None"
            if default and not py.startswith("Optional["):
                py = f"Optional[{py}]"
            meta = default
            if attr != key:
                extra = "default=None, " if default else ""
                meta = f' = dataclass_field({extra}metadata={{"key": "{key}"}})'
            fields.append(f"    {attr}: {py}{meta}\n" + doc(prop.get("description") or f"``{key}`` of the JSON object.", "    "))
        base = f"{MIXINS[name]}, Record" if name in MIXINS else "Record"
        code = "\n\n@dataclass(frozen=True, repr=False)\n" + f"class {name}({base}):\n" + doc(schema.get("description"), "    ")
        if fields:
            code += "\n" + "".join(fields)
        self.classes.append(code)

    def report(self, path: pathlib.Path) -> None:
        schema = json.loads(path.read_text())
        kind = schema["properties"]["kind"]["const"]
        name = camel(kind) + "Report"
        self.defs[name] = json.dumps(schema, sort_keys=True)
        defs = schema.get("$defs", {})
        self.emit_class(name, schema, defs, camel(kind), kind=kind)
        self.reports.append((kind, name))
        # The choices of the input too (the input itself is left out: ``.json["input"]``).
        for def_name, d in sorted(defs.items()):
            if self.choice(d) is not None:
                self.alias_or_class(def_name, d, defs, camel(kind))

    def module(self) -> str:
        head = '''"""The typed reports: one frozen dataclass per kind of JSON output of the ``cubelab``
command (docs/json.md), made from its schema in docs/schemas/, with the schema's
descriptions as docstrings, and a ``Literal`` alias for each choice.

GENERATED by crates/cubelab-py/tools/gen_reports.py from docs/schemas/: do not edit; run
the script after a schema changes (the tests check that this file is up to date).

Every function of the package that returns a report returns one of these classes (or a
list or histogram carrying it as ``.report``); ``.json`` keeps the whole JSON, envelope
included. Field names are the JSON keys (a Python keyword gets a trailing underscore:
``class_``); arrays are tuples, objects are dataclasses, choices are ``Literal`` strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from typing import Any, Dict, Literal, Optional, Tuple, Type

from cubelab._display import MIXINS_IMPORT
from cubelab._results import Record

'''.replace("MIXINS_IMPORT", ", ".join(sorted(set(MIXINS.values()))))
        reports = "".join(f'    "{kind}": {name},\n' for kind, name in sorted(self.reports))
        names = sorted(n for n in self.defs)
        all_ = "__all__ = [\n" + "".join(f'    "{n}",\n' for n in names + ["REPORTS"]) + "]\n\n"
        tail = (
            "\n\n#: The report class of each ``kind``.\n"
            "REPORTS: Dict[str, Type[Record]] = {\n" + reports + "}\n"
        )
        return head + all_ + "\n".join(self.aliases) + "".join(self.classes) + tail


def generate() -> str:
    g = Generator()
    for path in sorted(SCHEMAS.glob("*.json")):
        g.report(path)
    return g.module()


def main() -> int:
    text = generate()
    if "--check" in sys.argv[1:]:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT} is out of date: run {pathlib.Path(__file__).relative_to(ROOT)}", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
