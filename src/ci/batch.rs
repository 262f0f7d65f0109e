//! Auditing many files in parallel, handing the results on in the order the
//! files were named.
//!
//! Files are taken in chunks of a few per thread: a chunk is audited in
//! parallel (rayon), then its results are handed on one by one in order and
//! dropped before the next chunk starts. Memory stays flat in the number of
//! files, and the output never depends on which thread finished first, so
//! any thread count gives the same bytes.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

/// Files per thread in one chunk: enough to keep every thread busy when
/// file sizes differ, few enough that a chunk's reports stay small.
const FILES_PER_THREAD: usize = 4;

/// Runs `work` on every file on the pool's threads and gives each result to
/// `emit` in the order of `files`. Stops at the first error, in file order:
/// an error in a file is returned after every file before it was emitted.
pub fn in_order<T, E>(
    files: &[PathBuf],
    pool: &rayon::ThreadPool,
    work: impl Fn(&Path) -> Result<T, E> + Sync,
    mut emit: impl FnMut(T) -> Result<(), E>,
) -> Result<(), E>
where
    T: Send,
    E: Send,
{
    for chunk in files.chunks(pool.current_num_threads().max(1) * FILES_PER_THREAD) {
        let results: Vec<Result<T, E>> =
            pool.install(|| chunk.par_iter().map(|path| work(path)).collect());
        for result in results {
            emit(result?)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(threads: usize) -> rayon::ThreadPool {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
    }

    #[test]
    fn results_come_in_file_order_whatever_the_threads() {
        let files: Vec<PathBuf> = (0..100).map(|i| PathBuf::from(i.to_string())).collect();
        for threads in [1, 2, 7] {
            let mut seen = Vec::new();
            in_order(
                &files,
                &pool(threads),
                |p| {
                    // Later files finish first.
                    let n: u64 = p.to_str().unwrap().parse().unwrap();
                    std::thread::sleep(std::time::Duration::from_micros(100 - n));
                    Ok::<_, std::io::Error>(n)
                },
                |n| {
                    seen.push(n);
                    Ok(())
                },
            )
            .unwrap();
            assert_eq!(seen, (0..100).collect::<Vec<_>>(), "{threads} threads");
        }
    }

    #[test]
    fn the_first_error_in_file_order_stops_the_run() {
        let files: Vec<PathBuf> = (0..20).map(|i| PathBuf::from(i.to_string())).collect();
        let mut seen = Vec::new();
        let result = in_order(
            &files,
            &pool(2),
            |p| {
                let n: u32 = p.to_str().unwrap().parse().unwrap();
                if n == 5 || n == 15 {
                    Err(std::io::Error::other(format!("bad {n}")))
                } else {
                    Ok(n)
                }
            },
            |n| {
                seen.push(n);
                Ok(())
            },
        );
        assert_eq!(result.unwrap_err().to_string(), "bad 5");
        assert_eq!(seen, [0, 1, 2, 3, 4]);
    }
}
