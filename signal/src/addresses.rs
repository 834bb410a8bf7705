//! Connections per address, as pure bookkeeping: one address (an IPv4 address, or an IPv6
//! address's /64, which one household or one machine holds) may hold at most so many
//! connections at once, so one link-holder cannot take the server's or a room's places.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};

/// The address a limit counts: an IPv4 address as it is, an IPv6 address's first 64 bits (one
/// machine is handed a whole /64), an IPv4 address mapped into IPv6 as the IPv4 address.
pub fn counted(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

/// Connections held per counted address.
pub struct Addresses {
    held: HashMap<IpAddr, usize>,
    max: usize,
}

impl Addresses {
    /// At most `max` connections per address (0: no limit).
    pub fn new(max: usize) -> Addresses {
        Addresses { held: HashMap::new(), max }
    }

    /// Whether `ip` may open one more connection now.
    pub fn has_room(&self, ip: IpAddr) -> bool {
        self.max == 0 || self.held.get(&counted(ip)).copied().unwrap_or(0) < self.max
    }

    /// Takes a place for a connection of `ip`; `false` (and nothing taken) if it holds its limit.
    pub fn take(&mut self, ip: IpAddr) -> bool {
        if !self.has_room(ip) {
            return false;
        }
        *self.held.entry(counted(ip)).or_default() += 1;
        true
    }

    /// A connection of `ip` taken by [`Addresses::take`] ended.
    pub fn give_back(&mut self, ip: IpAddr) {
        let key = counted(ip);
        if let Some(n) = self.held.get_mut(&key) {
            *n -= 1;
            if *n == 0 {
                self.held.remove(&key);
            }
        }
    }

    /// Addresses holding a connection now.
    pub fn len(&self) -> usize {
        self.held.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_limit_and_gets_places_back() {
        let mut a = Addresses::new(2);
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        let other: IpAddr = "192.0.2.8".parse().unwrap();
        assert!(a.take(ip) && a.take(ip));
        assert!(!a.has_room(ip) && !a.take(ip));
        assert!(a.take(other), "another address has its own places");
        a.give_back(ip);
        assert!(a.take(ip));
        a.give_back(ip);
        a.give_back(ip);
        a.give_back(other);
        assert_eq!(a.len(), 0, "an address holding nothing is forgotten");
        a.give_back(ip);
        assert!(a.take(ip), "giving back too often takes no place away");
    }

    #[test]
    fn one_ipv6_machine_is_its_64_bits_and_a_mapped_ipv4_address_is_the_ipv4_address() {
        let mut a = Addresses::new(1);
        assert!(a.take("2001:db8:1:2::1".parse().unwrap()));
        assert!(!a.take("2001:db8:1:2:ffff::9".parse().unwrap()), "same /64");
        assert!(a.take("2001:db8:1:3::1".parse().unwrap()), "another /64");
        assert!(a.take("198.51.100.1".parse().unwrap()));
        assert!(!a.take("::ffff:198.51.100.1".parse().unwrap()));
    }

    #[test]
    fn no_limit_when_it_is_zero() {
        let mut a = Addresses::new(0);
        let ip: IpAddr = "192.0.2.7".parse().unwrap();
        assert!((0..1000).all(|_| a.take(ip)));
    }
}
