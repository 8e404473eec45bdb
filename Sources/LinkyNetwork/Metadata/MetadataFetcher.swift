import Foundation
import LinkyHTML
import LinkyModel
import NIOHTTP1

/// Reads a page and its icon: the metadata `add` writes into a new link file and `fetch` into the cache.
public struct MetadataFetcher: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case web(WebClient.Failure)
        case status(Int)
        case notHTML(String)

        public var description: String {
            switch self {
            case .web(let failure): failure.description
            case .status(let status): "the server answered \(status) \(Self.reason(status))"
            case .notHTML(let type): "the address serves \(type), not a web page"
            }
        }

        static func reason(_ status: Int) -> String {
            HTTPResponseStatus(statusCode: status).reasonPhrase
        }
    }

    /// A page's metadata and where it was found.
    public struct Result: Sendable, Equatable {
        public var metadata: PageMetadata
        /// The icon that answered: a declared one, else `/favicon.ico` when it exists.
        public var favicon: LinkURL?
        /// The address after redirects.
        public var finalURL: String
        public var redirects: [WebClient.Redirect]
    }

    public let client: WebClient

    public init(client: WebClient) {
        self.client = client
    }

    /// Fetches `url`, reads its metadata, and finds its icon.
    ///
    /// The page and its icon share one deadline, the client's timeout: the whole fetch ends by then.
    public func fetch(_ url: LinkURL) async throws(Failure) -> Result {
        let deadline = ContinuousClock.now + client.options.timeout
        let response: WebClient.Response
        do {
            response = try await client.request(
                url.absoluteString, readBody: true, accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
                deadline: deadline)
        } catch {
            throw .web(error)
        }
        guard (200..<300).contains(response.status) else { throw .status(response.status) }
        let contentType = response.header("Content-Type")
        let mediaType = contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if let mediaType, !mediaType.isEmpty, !mediaType.contains("html"), !mediaType.contains("xml") {
            throw .notHTML(mediaType)
        }
        let root = HTMLDocument.parse(bytes: response.body, contentType: contentType)
        let metadata = PageMetadata(page: root, pageURL: response.finalURL)
        var favicon = metadata.icons.first
        if favicon == nil, let fallback = PageMetadata.defaultIcon(for: response.finalURL),
            await exists(fallback, deadline: deadline)
        {
            favicon = fallback
        }
        return Result(metadata: metadata, favicon: favicon, finalURL: response.finalURL, redirects: response.redirects)
    }

    /// Whether an icon answers 200 with something that is not a web page.
    func exists(_ icon: LinkURL, deadline: ContinuousClock.Instant? = nil) async -> Bool {
        do {
            let response = try await client.request(
                icon.absoluteString, method: .GET, accept: "image/*", deadline: deadline)
            let type = response.header("Content-Type")?.lowercased() ?? ""
            return (200..<300).contains(response.status) && !type.contains("html")
        } catch {
            // A missing icon is not a problem worth reporting: the page simply shows none.
            return false
        }
    }
}
