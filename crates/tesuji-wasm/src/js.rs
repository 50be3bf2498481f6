//! Rust values to plain JavaScript objects.

use serde::Serialize;
use wasm_bindgen::JsValue;

/// `value` as a plain object: `null` for `None`, maps as objects, numbers as numbers.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    let s = serde_wasm_bindgen::Serializer::new()
        .serialize_missing_as_null(true)
        .serialize_maps_as_objects(true);
    // Our types hold only strings, numbers below 2^53, booleans, arrays and structs,
    // which always serialise.
    value.serialize(&s).unwrap_or(JsValue::NULL)
}
