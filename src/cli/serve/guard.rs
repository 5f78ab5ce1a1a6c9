//! What keeps the desk to its own computer: every request must name the desk by an address,
//! never by a domain name (`Host: localhost:7878` or `127.0.0.1:7878`, any IP address with the
//! desk's port), and a request sent by a page must come from the desk's own page (`Origin`).
//!
//! A web page elsewhere cannot read or drive the desk: its requests carry its own `Origin`
//! and are refused, and a domain name that is made to point at this computer afterwards (DNS
//! rebinding) arrives with that name in `Host` and is refused too.

/// Whether `host` (a `Host` header) names the desk listening on `port`.
pub fn host_allowed(host: &str, port: u16) -> bool {
    let Some((name, given)) = host.rsplit_once(':') else {
        return false;
    };
    if given.parse::<u16>() != Ok(port) {
        return false;
    }
    name.eq_ignore_ascii_case("localhost")
        || name.parse::<std::net::Ipv4Addr>().is_ok()
        || name
            .strip_prefix('[')
            .and_then(|n| n.strip_suffix(']'))
            .is_some_and(|n| n.parse::<std::net::Ipv6Addr>().is_ok())
}

/// Whether a request with `host` and `origin` (when the browser sent one) may be answered:
/// the origin, when given, must be the desk's page at the same address.
pub fn request_allowed(host: Option<&str>, origin: Option<&str>, port: u16) -> bool {
    let Some(host) = host.filter(|h| host_allowed(h, port)) else {
        return false;
    };
    match origin {
        None => true,
        Some(origin) => origin
            .strip_prefix("http://")
            .is_some_and(|rest| rest.eq_ignore_ascii_case(host)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_addresses_with_the_desks_port_are_hosts() {
        assert!(host_allowed("127.0.0.1:7878", 7878));
        assert!(host_allowed("localhost:7878", 7878));
        assert!(host_allowed("[::1]:7878", 7878));
        assert!(host_allowed("192.168.1.20:7878", 7878));
        assert!(!host_allowed("127.0.0.1:80", 7878));
        assert!(!host_allowed("127.0.0.1", 7878));
        assert!(!host_allowed("evil.example:7878", 7878));
        assert!(!host_allowed("localhost.evil.example:7878", 7878));
        assert!(!host_allowed("::1:7878", 7878));
    }

    #[test]
    fn a_foreign_origin_is_refused() {
        assert!(request_allowed(Some("127.0.0.1:7878"), None, 7878));
        assert!(request_allowed(
            Some("127.0.0.1:7878"),
            Some("http://127.0.0.1:7878"),
            7878
        ));
        assert!(!request_allowed(
            Some("127.0.0.1:7878"),
            Some("http://evil.example"),
            7878
        ));
        assert!(!request_allowed(Some("127.0.0.1:7878"), Some("null"), 7878));
        assert!(!request_allowed(
            Some("127.0.0.1:7878"),
            Some("http://localhost:7878"),
            7878
        ));
        assert!(!request_allowed(None, None, 7878));
    }
}
