//! The memory of the solver's large tables: huge pages for them, and software prefetch of the
//! lines about to be read or written.
//!
//! The solver reads and writes its tables (hundreds of megabytes to gigabytes) at scattered
//! slots. With the kernel's 4 KiB pages nearly every such access also misses the address
//! translation cache and walks the page tables; in 2 MiB pages a gigabyte needs 512 entries,
//! which the translation cache holds. In the `madvise` mode of Linux's transparent huge pages
//! (`/sys/kernel/mm/transparent_hugepage/enabled`; the mode of this project's machine, and of
//! many distributions' kernels) only memory marked with `madvise(MADV_HUGEPAGE)` gets them.

/// A vector of the `len` items of `items`, its memory marked for huge pages before it is first
/// touched (on Linux; elsewhere, and where the kernel declines, an ordinary vector).
pub(crate) fn huge_vec<T>(len: usize, items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut vec: Vec<T> = Vec::with_capacity(len);
    advise_huge_pages(vec.as_mut_ptr().cast(), len * size_of::<T>());
    vec.extend(items.into_iter().take(len));
    vec
}

/// The size of a huge page on x86-64 and most aarch64 kernels.
const HUGE_PAGE: usize = 2 << 20;

/// Marks the whole huge pages inside `bytes` bytes at `start` for transparent huge pages.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn advise_huge_pages(start: *mut u8, bytes: usize) {
    let first = (start as usize).next_multiple_of(HUGE_PAGE);
    let end = (start as usize).saturating_add(bytes) / HUGE_PAGE * HUGE_PAGE;
    if end <= first {
        return;
    }
    // SAFETY: the range lies inside the allocation of `bytes` bytes at `start` (rounded inwards
    // to whole huge pages), which the caller owns; MADV_HUGEPAGE changes only how the kernel
    // backs those pages, never their contents or whether they may be accessed. Its result is
    // an advice's: a refusal leaves ordinary pages.
    unsafe {
        libc::madvise(first as *mut libc::c_void, end - first, libc::MADV_HUGEPAGE);
    }
}

/// Huge pages are asked for on Linux only.
#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *mut u8, _bytes: usize) {}

/// Asks the processor to bring the cache line of `slice[index]` into its caches, for a load or a
/// store that comes later; does nothing when `index` is out of bounds or the target has no
/// prefetch instruction. The solver's passes that visit boards out of their slot order store (or
/// read) one value per board far from the last: issued before the board's successors are read,
/// the line's miss overlaps that work instead of stalling the stores behind it.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(slice: &[T], index: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = slice.get(index) {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // SAFETY: a prefetch never dereferences its address (it is a hint; it cannot fault), and
        // SSE, which it needs, is part of every x86-64 processor. The pointer is in bounds anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (slice, index);
}

#[cfg(test)]
mod unit {
    use super::*;

    #[test]
    fn a_huge_vector_holds_its_items_in_order() {
        for len in [0, 1, 1000, 3 << 20] {
            let vec = huge_vec(len, (0..).map(|i: u64| i as u16));
            assert_eq!(vec.len(), len);
            assert!(vec.iter().enumerate().all(|(i, &v)| v == i as u16));
        }
        assert_eq!(huge_vec(3, [7u8; 5]), vec![7, 7, 7], "at most `len` items");
    }
}
