import Foundation
import LinkyTestSupport
import Testing

/// Issue 39: a site from a stranger cannot make `fetch`, `add` or `check --links` reach a private address.
/// A fixture server on 127.0.0.2 stands in for a cloud's metadata service (169.254.169.254) and counts
/// what reaches it: by default nothing; with `--allow-private`, the requests the tests on 127.0.0.1 make.
extension CommandLineTests {
    @Test func fetchAndCheckAskNothingOfAPrivateAddressUnlessAllowed() throws {
        let metadataService = try FixtureServer(host: "127.0.0.2")
        let site = try temporarySite([
            "linky.yml": "title: Links\nbase_url: https://example.com/\n",
            "links/secret.md": "---\nurl: \(metadataService.url("/card"))\ntitle: Secret\n---\n",
            "links/decimal.md": "---\nurl: http://2130706434:\(metadataService.port)/ok/decimal\ntitle: Decimal\n---\n",
            "links/picture.md":
                "---\nurl: \(metadataService.url("/ok/picture-page"))\ntitle: Picture\nimage: \(metadataService.url("/pictures/photo.jpg"))\n---\n",
        ])
        defer { try? FileManager.default.removeItem(at: site) }

        let fetch = try run(["fetch", site.path], environment: ["CI": "true"])
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(
            fetch.stdout.contains(
                "links/secret.md:2: warning[LINKY211]: \(metadataService.url("/card")): 127.0.0.2 is a loopback address, not a public one: not requested"
            ), "\(fetch.stdout)")
        #expect(
            fetch.stdout.contains(
                "links/decimal.md:2: warning[LINKY211]: http://2130706434:\(metadataService.port)/ok/decimal: 2130706434 resolves to 127.0.0.2, a loopback address"
            ), "\(fetch.stdout)")
        #expect(
            fetch.stdout.contains(
                "warning[LINKY211]: preview picture \(metadataService.url("/pictures/photo.jpg")): 127.0.0.2 is a loopback address"
            ), "\(fetch.stdout)")
        let check = try run(["check", site.path, "--links", "--no-cache"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(
            check.stderr.contains(
                "links/secret.md:2: warning[LINKY211]: \(metadataService.url("/card")) was not checked: 127.0.0.2 is a loopback address"
            ), "\(check.stderr)")
        #expect(check.stderr.contains("--allow-private"))
        #expect(check.stderr.contains("3 not checked (not public)"), "\(check.stderr)")
        #expect(try run(["check", site.path, "--links", "--no-cache", "--strict"]).status == 2)
        #expect(try metadataService.log() == [])

        let allowedFetch = try run(["fetch", site.path, "--allow-private"], environment: ["CI": "true"])
        #expect(allowedFetch.status == 0, "\(allowedFetch.stderr)")
        #expect(!allowedFetch.stdout.contains("LINKY211"), "\(allowedFetch.stdout)")
        let reached = try metadataService.log()
        #expect(reached.contains("GET /card") && reached.contains("GET /ok/decimal"), "\(reached)")
        #expect(reached.contains("GET /pictures/photo.jpg"), "\(reached)")
        let allowedCheck = try run(["check", site.path, "--links", "--no-cache", "--allow-private"])
        #expect(allowedCheck.status == 0, "\(allowedCheck.stderr)")
        #expect(Set(try metadataService.log()) == ["HEAD /card", "HEAD /ok/decimal", "HEAD /ok/picture-page"])
    }

    @Test func addReadsNoPageAtAPrivateAddressUnlessAllowed() throws {
        let metadataService = try FixtureServer(host: "127.0.0.2")
        let site = try temporarySite(["links/a.md": "---\nurl: https://example.org/a\ntitle: A\n---\n"])
        defer { try? FileManager.default.removeItem(at: site) }
        let refused = try run(["add", metadataService.url("/og"), "--site", site.path, "--title", "Inside"])
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(refused.stdout == "Added links/inside.md\n")
        #expect(
            refused.stderr.contains(
                "links/inside.md: warning[LINKY211]: \(metadataService.url("/og")): 127.0.0.2 is a loopback address"),
            "\(refused.stderr)")
        #expect(try metadataService.log() == [])
        let allowed = try run(["add", metadataService.url("/og"), "--site", site.path, "--force", "--allow-private"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try metadataService.log().contains("GET /og"))
    }
}
