//! Requests from Python objects and reports straight into Python objects, without JSON
//! text either way. [`from_python`] reads a request's plain data (dicts, lists, tuples,
//! text, numbers, booleans, None) as a `serde_json::Value`, as `json.dumps` would write it.
//! [`to_python`] is a serde [`Serializer`] that builds what
//! `json.loads` would make of the JSON text `serde_json` writes for the same value, without
//! the text. It follows `serde_json`'s data model exactly, so that a report's `.json` equals
//! the parsed output of `cubelab ... --json`: objects are dicts in serialization order,
//! sequences, tuples and fixed-size arrays are lists, map keys are strings (integers as
//! their decimal digits), integers are exact at any size, `f32` values are read from their
//! shortest decimal form (as `serde_json` writes them), non-finite floats and units are
//! `None`, enum variants are their names or one-key dicts.
//!
//! (The `pythonize` crate does both directions but not in JSON's terms: it makes tuples of
//! tuples and fixed-size arrays and integers of integer map keys, so a report would not
//! equal the parsed JSON text; and its reading of a dict first looks for a dataclass's
//! `__dataclass_fields__`, a failing attribute lookup that took about 8% of a `show` call.)

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};
use serde_json::{Map as JsonMap, Number, Value};
use std::fmt;

/// The plain form of a numpy array or number (or of anything else with their methods),
/// without importing numpy: `tolist()` (an array's nested lists of Python numbers, a numpy
/// scalar's Python number), else `__index__` (any integer-like). `None` when the object has
/// neither, so that the caller names its type.
fn numpy_like<'py>(obj: &Bound<'py, PyAny>) -> std::result::Result<Option<Bound<'py, PyAny>>, String> {
    let name = || obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "value".to_string());
    if obj.hasattr("tolist").unwrap_or(false) {
        let plain = obj.call_method0("tolist").map_err(|e| format!("a {}: tolist() failed: {e}", name()))?;
        // a tolist() that gives back an object of the same kind would recurse for ever
        if plain.get_type().is(obj.get_type()) {
            return Ok(None);
        }
        return Ok(Some(plain));
    }
    if obj.hasattr("__index__").unwrap_or(false) {
        let int = obj.call_method0("__index__").map_err(|e| format!("a {}: __index__() failed: {e}", name()))?;
        return Ok(int.is_instance_of::<PyInt>().then_some(int));
    }
    Ok(None)
}

/// A request's plain data as the JSON value `json.dumps` would write: dicts with text keys,
/// lists and tuples, text, integers (within 64 bits), finite floats, booleans and None;
/// numpy arrays and numbers (and other objects with `tolist()` or `__index__`) as their
/// plain Python form. Anything else is refused with a message naming its type and where
/// it is.
pub(crate) fn from_python(obj: &Bound<'_, PyAny>) -> std::result::Result<Value, String> {
    if obj.is_none() {
        Ok(Value::Null)
    } else if let Ok(b) = obj.cast::<PyBool>() {
        Ok(Value::Bool(b.is_true()))
    } else if let Ok(i) = obj.cast::<PyInt>() {
        match (i.extract::<i64>(), i.extract::<u64>()) {
            (Ok(n), _) => Ok(Value::from(n)),
            (_, Ok(n)) => Ok(Value::from(n)),
            _ => Err(format!("the integer {i} is out of range")),
        }
    } else if let Ok(s) = obj.cast::<PyString>() {
        Ok(Value::String(s.to_cow().map_err(|e| e.to_string())?.into_owned()))
    } else if let Ok(f) = obj.cast::<PyFloat>() {
        Number::from_f64(f.value()).map(Value::Number).ok_or_else(|| format!("{f} is not a finite number"))
    } else if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = JsonMap::new();
        for (k, v) in d.iter() {
            let key = k.cast::<PyString>().map_err(|_| format!("the key {k} is not text"))?;
            let key = key.to_cow().map_err(|e| e.to_string())?.into_owned();
            let value = from_python(&v).map_err(|e| format!("'{key}': {e}"))?;
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    } else if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items = obj.try_iter().map_err(|e| e.to_string())?;
        let mut list = Vec::new();
        for (i, item) in items.enumerate() {
            list.push(from_python(&item.map_err(|e| e.to_string())?).map_err(|e| format!("[{i}]: {e}"))?);
        }
        Ok(Value::Array(list))
    } else if let Some(plain) = numpy_like(obj)? {
        from_python(&plain)
    } else {
        let name = obj.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "this value".to_string());
        Err(format!(
            "a {name} is not plain data (dicts, lists, text, numbers, booleans, None, or numpy arrays and numbers)"
        ))
    }
}

/// The Python objects of a serializable value (see the module's documentation).
pub(crate) fn to_python<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(Objects { py }).map_err(|e| e.0)
}

/// A serialization error: a Python exception, or a value JSON cannot hold.
#[derive(Debug)]
pub(crate) struct Error(PyErr);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error(pyo3::exceptions::PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Error {
        Error(e)
    }
}

type Result<T> = std::result::Result<T, Error>;

/// The serializer of one value.
#[derive(Clone, Copy)]
struct Objects<'py> {
    py: Python<'py>,
}

impl<'py> Objects<'py> {
    fn object<T: IntoPyObject<'py>>(self, v: T) -> Result<Bound<'py, PyAny>> {
        Ok(v.into_bound_py_any(self.py)?)
    }

    /// `{variant: value}`, the JSON of a non-unit enum variant.
    fn variant(self, variant: &'static str, value: Bound<'py, PyAny>) -> Result<Bound<'py, PyAny>> {
        let d = PyDict::new(self.py);
        d.set_item(PyString::new(self.py, variant), value)?;
        Ok(d.into_any())
    }
}

/// A list under construction (sequences, tuples; the variant's name for a tuple variant).
struct Seq<'py> {
    py: Python<'py>,
    items: Vec<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Seq<'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.items.push(value.serialize(Objects { py: self.py })?);
        Ok(())
    }

    fn finish(self) -> Result<Bound<'py, PyAny>> {
        let list = PyList::new(self.py, self.items)?.into_any();
        match self.variant {
            Some(v) => Objects { py: self.py }.variant(v, list),
            None => Ok(list),
        }
    }
}

/// A dict under construction (maps, structs; the variant's name for a struct variant).
struct Map<'py> {
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyString>>,
    variant: Option<&'static str>,
}

impl<'py> Map<'py> {
    fn new(py: Python<'py>, variant: Option<&'static str>) -> Map<'py> {
        Map { dict: PyDict::new(py), key: None, variant }
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<()> {
        let py = self.dict.py();
        self.dict.set_item(PyString::new(py, key), value.serialize(Objects { py })?)?;
        Ok(())
    }

    fn finish(self) -> Result<Bound<'py, PyAny>> {
        let py = self.dict.py();
        match self.variant {
            Some(v) => Objects { py }.variant(v, self.dict.into_any()),
            None => Ok(self.dict.into_any()),
        }
    }
}

impl<'py> ser::Serializer for Objects<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'py>;
    type SerializeTuple = Seq<'py>;
    type SerializeTupleStruct = Seq<'py>;
    type SerializeTupleVariant = Seq<'py>;
    type SerializeMap = Map<'py>;
    type SerializeStruct = Map<'py>;
    type SerializeStructVariant = Map<'py>;

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i8(self, v: i8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i16(self, v: i16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i32(self, v: i32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i64(self, v: i64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_i128(self, v: i128) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u16(self, v: u16) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u32(self, v: u32) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u64(self, v: u64) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Self::Ok> {
        self.object(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Self::Ok> {
        // serde_json writes an f32 in its own shortest form (0.1, not 0.10000000149...).
        match v.is_finite() {
            true => self.serialize_f64(v.to_string().parse::<f64>().map_err(<Error as ser::Error>::custom)?),
            false => self.serialize_unit(),
        }
    }
    fn serialize_f64(self, v: f64) -> Result<Self::Ok> {
        match v.is_finite() {
            true => self.object(v),
            false => self.serialize_unit(),
        }
    }
    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        Ok(PyString::new(self.py, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok> {
        ser::Serializer::collect_seq(self, v)
    }
    fn serialize_none(self) -> Result<Self::Ok> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Self::Ok> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<Self::Ok> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        let value = value.serialize(self)?;
        self.variant(variant, value)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'py>> {
        Ok(Seq { py: self.py, items: Vec::with_capacity(len.unwrap_or(0)), variant: None })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'py>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Seq<'py>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Seq<'py>> {
        Ok(Seq { py: self.py, items: Vec::with_capacity(len), variant: Some(variant) })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Map<'py>> {
        Ok(Map::new(self.py, None))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Map<'py>> {
        Ok(Map::new(self.py, None))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Map<'py>> {
        Ok(Map::new(self.py, Some(variant)))
    }
}

impl<'py> ser::SerializeSeq for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeTuple for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleStruct for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleVariant for Seq<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeMap for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(PyString::new(self.dict.py(), &key.serialize(Key)?));
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self.key.take().ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        self.dict.set_item(key, value.serialize(Objects { py: self.dict.py() })?)?;
        Ok(())
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeStruct for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.field(key, value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

impl<'py> ser::SerializeStructVariant for Map<'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        self.field(key, value)
    }
    fn end(self) -> Result<Self::Ok> {
        self.finish()
    }
}

/// A map key as the string `serde_json` writes: strings as they are, integers, booleans
/// and floats as their text, unit variants by name; anything else is refused, as
/// `serde_json` refuses it.
struct Key;

/// The refusal of a key that JSON cannot hold.
fn not_a_key<T>() -> Result<T> {
    Err(ser::Error::custom("key must be a string"))
}

impl ser::Serializer for Key {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = ser::Impossible<String, Error>;
    type SerializeTuple = ser::Impossible<String, Error>;
    type SerializeTupleStruct = ser::Impossible<String, Error>;
    type SerializeTupleVariant = ser::Impossible<String, Error>;
    type SerializeMap = ser::Impossible<String, Error>;
    type SerializeStruct = ser::Impossible<String, Error>;
    type SerializeStructVariant = ser::Impossible<String, Error>;

    fn serialize_bool(self, v: bool) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_i128(self, v: i128) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_u128(self, v: u128) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_f32(self, v: f32) -> Result<String> {
        // serde_json writes float keys as it writes float values (shortest form).
        serde_json::to_string(&v).map_err(<Error as ser::Error>::custom)
    }
    fn serialize_f64(self, v: f64) -> Result<String> {
        serde_json::to_string(&v).map_err(<Error as ser::Error>::custom)
    }
    fn serialize_char(self, v: char) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_str(self, v: &str) -> Result<String> {
        Ok(v.to_string())
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<String> {
        not_a_key()
    }
    fn serialize_none(self) -> Result<String> {
        not_a_key()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<String> {
        not_a_key()
    }
    fn serialize_unit(self) -> Result<String> {
        not_a_key()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<String> {
        not_a_key()
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<String> {
        Ok(variant.to_string())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<String> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String> {
        not_a_key()
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        not_a_key()
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        not_a_key()
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct> {
        not_a_key()
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        not_a_key()
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        not_a_key()
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        not_a_key()
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        not_a_key()
    }
}
