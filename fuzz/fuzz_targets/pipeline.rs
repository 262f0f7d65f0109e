//! libFuzzer target: see `harness::pipeline`.
#![no_main]

#[path = "../harness.rs"]
#[allow(dead_code)]
mod harness;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    harness::pipeline(data);
});
