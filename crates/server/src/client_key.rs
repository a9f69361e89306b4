//! Who a request comes from ([`ClientKey`]): the key every per-client bound counts by. A leaf:
//! it imports nothing of the server.

use axum::http::HeaderMap;
use std::net::IpAddr;

/// The client a request comes from: its address (an IPv6 address by its /64 network, which one
/// subscriber usually holds whole), or `unknown`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientKey(pub String);

impl ClientKey {
    /// The key of a request with these headers from `peer`, trusting `X-Forwarded-For` or not.
    pub fn of(headers: &HeaderMap, peer: Option<IpAddr>, trust_proxy: bool) -> ClientKey {
        let forwarded = trust_proxy.then(|| forwarded_for(headers)).flatten();
        ClientKey(
            forwarded
                .or(peer)
                .map_or_else(|| "unknown".to_string(), key_of),
        )
    }
}

/// The last address of `X-Forwarded-For`: the one the proxy in front of us appended.
fn forwarded_for(headers: &HeaderMap) -> Option<IpAddr> {
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .last()
        .and_then(|entry| entry.trim().parse().ok())
}

fn key_of(address: IpAddr) -> String {
    match address {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let segments = v6.segments();
                format!(
                    "{:x}:{:x}:{:x}:{:x}::/64",
                    segments[0], segments[1], segments[2], segments[3]
                )
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn client_keys_come_from_the_peer_or_a_trusted_proxy() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "203.0.113.9, 198.51.100.7".parse().unwrap(),
        );
        let peer: IpAddr = "127.0.0.1".parse().unwrap();
        assert_eq!(ClientKey::of(&headers, Some(peer), false).0, "127.0.0.1");
        assert_eq!(ClientKey::of(&headers, Some(peer), true).0, "198.51.100.7");
        let v6: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        assert_eq!(
            ClientKey::of(&HeaderMap::new(), Some(v6), false).0,
            "2001:db8:1:2::/64"
        );
        let mapped: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        assert_eq!(
            ClientKey::of(&HeaderMap::new(), Some(mapped), true).0,
            "192.0.2.1"
        );
        assert_eq!(ClientKey::of(&HeaderMap::new(), None, false).0, "unknown");
    }
}
