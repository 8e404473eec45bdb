import Foundation
import LinkyModel
import LinkyNetwork
import LinkyTestSupport
import Testing

/// Requests go only to public addresses unless `allowPrivateAddresses` is set: a "public" fixture
/// server on 127.0.0.1 (treated as public where a test needs one) and a "private" one on 127.0.0.2,
/// standing in for a cloud's metadata service (169.254.169.254). The private server counts what
/// reaches it: with the default options, nothing may.
@Suite(.serialized) struct WebClientAddressTests {
    let server: FixtureServer
    let metadataService: FixtureServer

    init() throws {
        server = try FixtureServer()
        metadataService = try FixtureServer(host: "127.0.0.2")
    }

    /// A client that requests only public addresses, counting the "public" server on 127.0.0.1 as one.
    static let publicServerTrusted: WebClient = {
        var options = WebClient.Options()
        options.timeout = .seconds(10)
        options.treatedAsPublic = [IPAddress(v4: 127, 0, 0, 1)]
        return WebClient(options: options)
    }()

    func checker(_ client: WebClient) -> LinkChecker {
        var options = LinkChecker.Options()
        options.retries = 0
        return LinkChecker(client: client, options: options)
    }

    @Test func aLinkToALoopbackAddressIsNotRequested() async throws {
        let status = await checker(.publicOnly).check(try LinkURL(parsing: server.url("/ok/page")))
        #expect(status.verdict == .refused)
        #expect(status.message == "127.0.0.1 is a loopback address, not a public one: not requested")
        #expect(!status.verdict.isError)
        #expect(try server.log() == [])

        let allowed = await checker(.forTests).check(try LinkURL(parsing: server.url("/ok/page")))
        #expect(allowed.verdict == .ok)
        #expect(try server.log() == ["HEAD /ok/page"])
    }

    @Test(arguments: [
        "http://localhost:PORT/ok/a", "http://2130706434:PORT/ok/a", "http://0x7f.0.0.2:PORT/ok/a",
        "http://127.2:PORT/ok/a", "http://017700000002:PORT/ok/a", "http://[::ffff:127.0.0.2]:PORT/ok/a",
        "http://[::1]:PORT/ok/a", "http://LOCALHOST.:PORT/ok/a",
    ])
    func everySpellingOfALoopbackAddressIsRefused(_ address: String) async throws {
        let url = try LinkURL(parsing: address.replacingOccurrences(of: "PORT", with: String(metadataService.port)))
        let status = await checker(.publicOnly).check(url)
        #expect(status.verdict == .refused, "\(url.absoluteString): \(status.message)")
        #expect(try metadataService.log() == [])
    }

    @Test func aRedirectToAPrivateAddressIsNotFollowed() async throws {
        for target in [metadataService.url("/ok/secret"), "http://2130706434:\(metadataService.port)/ok/secret"] {
            let query = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            let url = try LinkURL(parsing: server.url("/redirect-to?url=\(query)"))
            let status = await checker(Self.publicServerTrusted).check(url)
            #expect(status.verdict == .refused, "\(status)")
            #expect(status.message.hasPrefix("redirected to \(target): "), "\(status.message)")
            #expect(status.message.hasSuffix("a loopback address, not a public one: not requested"))
            do throws(MetadataFetcher.Failure) {
                let fetched = try await MetadataFetcher(client: Self.publicServerTrusted).fetch(url)
                Issue.record("fetched: \(fetched)")
            } catch {
                guard case .web(let failure) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(failure.isPrivateAddress)
            }
            #expect(try metadataService.log() == [])
        }
        // Allowed, the same chain reaches it.
        let url = try LinkURL(
            parsing: server.url(
                "/redirect-to?url=\(metadataService.url("/ok/secret").addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            ))
        #expect(await checker(.forTests).check(url).verdict == .ok)
        #expect(try metadataService.log() == ["HEAD /ok/secret"])
    }

    @Test func aPagesIconAtAPrivateAddressIsNotAskedFor() async throws {
        // The page declares no icon: its own /favicon.ico is asked for, on a host that is allowed.
        let page = try LinkURL(parsing: server.url("/no-icon"))
        let result = try await MetadataFetcher(client: Self.publicServerTrusted).fetch(page)
        #expect(result.metadata.title == "No icon declared")
        // A page whose icon and preview picture are on the private server: named, never requested
        // (`fetch`'s pictures step downloads them, and refuses; see PictureFetchTests).
        let image = metadataService.url("/pictures/photo.jpg")
        let icon = metadataService.url("/pictures/icon.ico")
        let card = try LinkURL(
            parsing: server.url(
                "/card-at?image=\(image.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&icon=\(icon.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
            ))
        let cardResult = try await MetadataFetcher(client: Self.publicServerTrusted).fetch(card)
        #expect(cardResult.metadata.image?.absoluteString == image)
        #expect(try metadataService.log() == [])
    }

    @Test func aNameThatDoesNotResolveIsUnreachableNotRefused() async throws {
        let status = await checker(.publicOnly).check(try LinkURL(parsing: "http://nothing.invalid/"))
        #expect(status.verdict == .failed)
    }
}
