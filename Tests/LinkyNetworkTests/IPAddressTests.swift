import LinkyNetwork
import Testing

/// Which addresses count as public: every IPv4 and IPv6 range that is not, the IPv6 forms that carry
/// an IPv4 address, and the public addresses on either side of each range's edge.
@Suite struct IPAddressTests {
    static let restricted: [(String, IPAddress.Restriction)] = [
        // IPv4
        ("0.0.0.0", .unspecified), ("0.1.2.3", .reserved), ("0.255.255.255", .reserved),
        ("10.0.0.1", .privateNetwork), ("10.255.255.255", .privateNetwork),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.254", .sharedAddressSpace),
        ("127.0.0.1", .loopback), ("127.0.0.2", .loopback), ("127.255.255.254", .loopback),
        ("169.254.169.254", .linkLocal), ("169.254.0.1", .linkLocal),
        ("172.16.0.1", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.0.0.1", .reserved), ("192.0.0.170", .reserved), ("192.0.2.1", .documentation),
        ("192.88.99.1", .reserved), ("192.168.0.1", .privateNetwork), ("192.168.255.255", .privateNetwork),
        ("198.18.0.1", .benchmarking), ("198.19.255.255", .benchmarking), ("198.51.100.7", .documentation),
        ("203.0.113.9", .documentation), ("224.0.0.1", .multicast), ("239.255.255.250", .multicast),
        ("240.0.0.1", .reserved), ("254.1.2.3", .reserved), ("255.255.255.255", .broadcast),
        // IPv6
        ("::", .unspecified), ("::1", .loopback), ("fe80::1", .linkLocal), ("febf::1", .linkLocal),
        ("fec0::1", .uniqueLocal), ("fc00::1", .uniqueLocal), ("fd12:3456:789a::1", .uniqueLocal),
        ("ff02::1", .multicast), ("ff05::1:3", .multicast), ("2001:db8::1", .documentation),
        ("3fff::1", .documentation), ("2001:2::1", .benchmarking), ("2001:10::1", .reserved),
        ("100::1", .reserved), ("64:ff9b:1::1", .reserved), ("5f00::1", .reserved), ("4000::1", .reserved),
        ("::2", .reserved),
        // IPv6 that carries IPv4: mapped, compatible, translated, NAT64, 6to4, Teredo.
        ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.1.2.3", .privateNetwork),
        ("::ffff:169.254.169.254", .linkLocal), ("::127.0.0.1", .loopback), ("::ffff:0:192.168.1.1", .privateNetwork),
        ("64:ff9b::127.0.0.1", .loopback), ("64:ff9b::a9fe:a9fe", .linkLocal), ("64:ff9b::10.0.0.1", .privateNetwork),
        ("2002:7f00:1::", .loopback), ("2002:a9fe:a9fe::1", .linkLocal), ("2002:c0a8:101::1", .privateNetwork),
        // Teredo: the client's address 127.0.0.1, inverted, in the last 32 bits.
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", .loopback),
    ]

    static let public_: [String] = [
        "1.1.1.1", "8.8.8.8", "9.255.255.255", "11.0.0.0", "93.184.216.34", "100.63.255.255", "100.128.0.0",
        "126.255.255.255", "128.0.0.0", "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0",
        "192.0.1.1", "192.0.3.1", "192.167.255.255", "192.169.0.0", "198.17.255.255", "198.20.0.0",
        "198.51.99.1", "203.0.112.1", "223.255.255.255",
        "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001::1", "2001:db9::1", "2001:200::1",
        "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
    ]

    @Test(arguments: restricted)
    func addressesThatAreNotPublic(_ text: String, _ restriction: IPAddress.Restriction) throws {
        let address = try #require(IPAddress(text))
        #expect(address.restriction == restriction, "\(text)")
    }

    @Test(arguments: public_)
    func publicAddresses(_ text: String) throws {
        let address = try #require(IPAddress(text))
        #expect(address.restriction == nil, "\(text)")
    }

    /// The numeric forms URLs allow are not addresses to `inet_pton`: they are looked up as host names,
    /// and the resolver's answer is what is checked (see `WebClientAddressTests`).
    @Test(arguments: ["2130706433", "0x7f.1", "017700000001", "127.1", "localhost", "", "1.2.3.4.5", "[::1]"])
    func onlyStandardFormsAreAddresses(_ text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test func theTextFormIsTheStandardOne() throws {
        #expect(try #require(IPAddress("::ffff:127.0.0.1")).description == "::ffff:127.0.0.1")
        #expect(try #require(IPAddress("2001:DB8:0:0::1")).description == "2001:db8::1")
        #expect(IPAddress(v4: 169, 254, 169, 254).description == "169.254.169.254")
        #expect(try #require(IPAddress("64:ff9b::a9fe:a9fe")).carriedV4 == IPAddress(v4: 169, 254, 169, 254))
    }
}
