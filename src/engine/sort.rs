//! Insertion sort for the short lists the games keep (a hand, the seats still playing, one
//! player's table actions: a few dozen items at most). The standard library's sorts are faster
//! on long slices, but each element type costs the page several KB of wasm for code these
//! lists never need. Insertion sort is stable, so equal items keep their order.

/// Sorts `v` by `less` (a strict "comes before").
pub fn sort_small_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Sorts `v` in ascending order.
pub fn sort_small<T: Ord>(v: &mut [T]) {
    sort_small_by(v, |a, b| a < b);
}

/// Sorts `v` by the key `f` gives each item, ascending.
pub fn sort_small_by_key<T, K: Ord>(v: &mut [T], mut f: impl FnMut(&T) -> K) {
    sort_small_by(v, |a, b| f(a) < f(b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_and_keeps_equal_items_in_order() {
        let mut rng = crate::engine::rng::GameRng::new(7);
        for n in 0..60 {
            let v: Vec<(u8, usize)> = (0..n).map(|i| (rng.below(8) as u8, i)).collect();
            let (mut ours, mut std) = (v.clone(), v.clone());
            sort_small_by_key(&mut ours, |p| p.0);
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std, "stable, as the standard library's sort_by_key");
            let mut plain: Vec<u8> = v.iter().map(|p| p.0).collect();
            sort_small(&mut plain);
            assert!(plain.windows(2).all(|w| w[0] <= w[1]));
        }
    }
}
