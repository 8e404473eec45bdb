import LinkyServe
import Testing

/// The host names the preview answers to: its own, never another (DNS rebinding).
@Suite struct ServedHostsTests {
    static let loopback = ServedHosts(bound: "127.0.0.1")

    @Test(arguments: [
        "localhost", "localhost:8080", "LOCALHOST:8080", "localhost.", "localhost.:8080", "app.localhost:8080",
        "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:8080", "[::ffff:127.0.0.1]:8080", "192.168.1.20:8080",
    ])
    func itsOwnNamesAndAddressesAreAnswered(_ host: String) {
        #expect(Self.loopback.allows(host))
    }

    @Test(arguments: [
        "attacker.example", "attacker.example:8080", "localhost.attacker.example", "127.0.0.1.attacker.example",
        "localhostx", "2130706433:8080", "[::1", "[::1]x", "localhost:80x", "", ":8080", "::1", "mybox.local",
    ])
    func anyOtherNameIsRefused(_ host: String) {
        #expect(!Self.loopback.allows(host))
    }

    @Test func theBoundNameAndAllowedNamesAreAnswered() {
        let hosts = ServedHosts(bound: "MyBox.local", allowed: ["preview.example.", "[fe80::1]"])
        #expect(hosts.allows("mybox.local:8080"))
        #expect(hosts.allows("Preview.Example"))
        #expect(!hosts.allows("other.example"))
        #expect(ServedHosts(bound: "0.0.0.0").allows("10.0.0.7:8080"))
    }

    @Test func aRequestWithoutAHostIsAnswered() {
        #expect(Self.loopback.allows(nil))
    }
}
