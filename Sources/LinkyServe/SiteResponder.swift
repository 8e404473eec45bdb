import Foundation
import Hummingbird
import LinkyModel
import NIOCore

/// Answers every request: the rendered site from memory, `static/` from disk, the reload stream.
struct SiteResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    static let eventsPath = "/__linky/events"

    let store: ServedSiteStore
    let hub: ReloadHub
    /// The site's `static/` folder and its real path (symbolic links resolved).
    let staticFolder: URL
    /// The site's `pictures/` (what `fetch` made for link cards): a build copies the files its pages
    /// use to `pictures/` of the output, and the preview serves them from here.
    var pictureFolder: URL?
    /// The host names answered; others get 403, the reload stream included.
    var hosts = ServedHosts(bound: "127.0.0.1")

    func respond(to request: Request, context: Context) async throws -> Response {
        guard hosts.allows(request.head.authority) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(
                        string:
                            "This preview answers only its own host names (localhost, its addresses, --allow-host).\n"
                    )))
        }
        guard request.method == .get || request.method == .head else {
            return Response(
                status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Only GET and HEAD are served.\n")))
        }
        let rawPath = request.uri.path
        if rawPath == Self.eventsPath { return events() }
        guard case .path(var segments, let isFolder) = RequestPath(rawPath) else {
            return plain(.badRequest, "This address is not inside the site.\n", request: request)
        }
        let site = store.current
        func candidate(_ segments: [String]) -> String {
            let key = segments.joined(separator: "/")
            return isFolder || key.isEmpty ? (key.isEmpty ? "index.html" : key + "/index.html") : key
        }
        // The published site lives under base_url's path (its 404 page links there): answer it too.
        if !site.basePath.isEmpty, segments.starts(with: site.basePath), site.files[candidate(segments)] == nil,
            staticFile(candidate(segments)) == nil
        {
            segments.removeFirst(site.basePath.count)
        }
        let key = segments.joined(separator: "/")
        let candidate = candidate(segments)

        if let file = site.files[candidate] {
            return serve(memory: file, path: candidate, site: site, request: request)
        }
        if let file = staticFile(candidate) { return try serve(staticFile: file, request: request) }
        if !isFolder, !key.isEmpty, site.files[key + "/index.html"] != nil || staticFile(key + "/index.html") != nil {
            // `/c/x` → `/c/x/`, so the page's relative links resolve.
            var location = rawPath + "/"
            if let query = request.uri.query { location += "?" + query }
            return Response(status: .movedPermanently, headers: [.location: location, .contentLength: "0"])
        }
        return notFound(site: site, request: request)
    }
}

// MARK: - Rendered files

private extension SiteResponder {
    func serve(memory file: ServedFile, path: String, site: ServedSite, request: Request) -> Response {
        let contentType = ContentTypes.forPath(path)
        let isHTML = ContentTypes.isHTML(contentType)
        let etag = isHTML ? "\"\(file.version).\(site.overlayVersion)\"" : "\"\(file.version)\""
        var headers: HTTPFields = [
            .contentType: contentType, .eTag: etag, .lastModified: HTTPDate.format(file.modified),
            .cacheControl: "no-cache",
        ]
        if isNotModified(request, etag: etag, modified: Int(file.modified.timeIntervalSince1970)) {
            return Response(status: .notModified, headers: headers)
        }
        guard !isHTML else {
            let body = Self.inject(file.body, overlay: site.overlay)
            return respond(.ok, headers: headers, body: body, request: request)
        }
        headers[.acceptRanges] = "bytes"
        return ranged(file.body, headers: headers, etag: etag, request: request)
    }

    func notFound(site: ServedSite, request: Request) -> Response {
        let headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"]
        if let page = site.files["404.html"] {
            return respond(
                .notFound, headers: headers, body: Self.inject(page.body, overlay: site.overlay), request: request)
        }
        if site.overlay != nil {
            // No good build yet: the errors are the page.
            let body = Self.inject(ByteBuffer(string: ErrorOverlay.page(site.diagnostics)), overlay: nil)
            return respond(.serviceUnavailable, headers: headers, body: body, request: request)
        }
        return plain(.notFound, "Not found.\n", request: request)
    }

    /// The reload script (and the overlay) before `</body>`, or at the end when there is none.
    static func inject(_ body: ByteBuffer, overlay: String?) -> ByteBuffer {
        let addition = Array(((overlay ?? "") + ErrorOverlay.reloadScript).utf8)
        let bytes = body.readableBytesView
        let marker = Array("</body>".utf8)
        var insertAt = bytes.count
        if bytes.count >= marker.count {
            var index = bytes.count - marker.count
            while index >= 0 {
                if bytes[bytes.startIndex + index] == marker[0],
                    bytes[(bytes.startIndex + index)..<(bytes.startIndex + index + marker.count)].elementsEqual(marker)
                {
                    insertAt = index
                    break
                }
                index -= 1
            }
        }
        var result = ByteBuffer()
        result.reserveCapacity(bytes.count + addition.count)
        result.writeBytes(bytes.prefix(insertAt))
        result.writeBytes(addition)
        result.writeBytes(bytes.dropFirst(insertAt))
        return result
    }
}

// MARK: - Static files

private extension SiteResponder {
    struct StaticFile {
        var url: URL
        var size: Int
        var modified: Date
        var inode: UInt64
    }

    /// A regular file below `static/` whose real path stays inside it (a symbolic link pointing
    /// elsewhere is not served), or nil.
    func staticFile(_ relative: String) -> StaticFile? {
        var folder = staticFolder
        var relative = relative
        let pictures = PictureIndex.folderName + "/"
        if let pictureFolder, relative.hasPrefix(pictures), !relative.dropFirst(pictures.count).contains("/"),
            relative != pictures + PictureIndex.fileName
        {
            folder = pictureFolder
            relative = String(relative.dropFirst(pictures.count))
        }
        let url = folder.appending(path: relative)
        // `fetch` writes pictures as files: a symbolic link there is not served, as the build does not
        // publish it.
        var link = stat()
        if folder == pictureFolder, lstat(url.path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK { return nil }
        let root = folder.resolvingSymlinksInPath().path
        let real = url.resolvingSymlinksInPath().path
        guard real.hasPrefix(root + "/"),
            let attributes = try? FileManager.default.attributesOfItem(atPath: real),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return StaticFile(
            url: URL(filePath: real), size: (attributes[.size] as? NSNumber)?.intValue ?? 0,
            modified: attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0),
            inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0)
    }

    func serve(staticFile file: StaticFile, request: Request) throws -> Response {
        let contentType = ContentTypes.forPath(file.url.path)
        let modified = Int(file.modified.timeIntervalSince1970)
        let etag = "\"s\(file.inode)-\(file.size)-\(Int(file.modified.timeIntervalSince1970 * 1000))\""
        var headers: HTTPFields = [
            .contentType: contentType, .eTag: etag, .lastModified: HTTPDate.format(file.modified),
            .cacheControl: "no-cache", .acceptRanges: "bytes",
        ]
        if isNotModified(request, etag: etag, modified: modified) {
            return Response(status: .notModified, headers: headers)
        }
        var range = ByteRange(header: request.headers[.range], size: file.size)
        if let ifRange = request.headers[.ifRange], ifRange != etag { range = .whole }
        // Opened as the build opens files: a FIFO swapped in since the look above is refused, not waited on.
        let descriptor: Int32
        switch RegularFile.open(file.url.path) {
        case .success(let opened): descriptor = opened.descriptor
        case .failure: return respond(.notFound, headers: [:], body: ByteBuffer(), request: request)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        switch range {
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(file.size)"
            return respond(.rangeNotSatisfiable, headers: headers, body: ByteBuffer(), request: request)
        case .partial(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(file.size)"
            try handle.seek(toOffset: UInt64(bytes.lowerBound))
            let data = try handle.read(upToCount: bytes.count) ?? Data()
            return respond(.partialContent, headers: headers, body: ByteBuffer(bytes: data), request: request)
        case .whole:
            let data = try handle.readToEnd() ?? Data()
            return respond(.ok, headers: headers, body: ByteBuffer(bytes: data), request: request)
        }
    }
}

// MARK: - HTTP details

private extension SiteResponder {
    /// `If-None-Match` wins over `If-Modified-Since`, as RFC 9110 says.
    func isNotModified(_ request: Request, etag: String, modified: Int) -> Bool {
        if let match = request.headers[.ifNoneMatch] {
            return match.split(separator: ",").contains {
                let tag = $0.trimmingCharacters(in: .whitespaces)
                return tag == "*" || tag == etag || tag == "W/" + etag
            }
        }
        if let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.parse) { return modified <= since }
        return false
    }

    func ranged(_ body: ByteBuffer, headers: HTTPFields, etag: String, request: Request) -> Response {
        var headers = headers
        var range = ByteRange(header: request.headers[.range], size: body.readableBytes)
        if let ifRange = request.headers[.ifRange], ifRange != etag { range = .whole }
        switch range {
        case .whole:
            return respond(.ok, headers: headers, body: body, request: request)
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(body.readableBytes)"
            return respond(.rangeNotSatisfiable, headers: headers, body: ByteBuffer(), request: request)
        case .partial(let bytes):
            headers[.contentRange] = "bytes \(bytes.lowerBound)-\(bytes.upperBound)/\(body.readableBytes)"
            let slice = body.getSlice(at: body.readerIndex + bytes.lowerBound, length: bytes.count) ?? ByteBuffer()
            return respond(.partialContent, headers: headers, body: slice, request: request)
        }
    }

    /// A response with `body`, or for HEAD only its length.
    func respond(_ status: HTTPResponse.Status, headers: HTTPFields, body: ByteBuffer, request: Request) -> Response {
        var headers = headers
        headers[.contentLength] = String(body.readableBytes)
        if request.method == .head { return Response(status: status, headers: headers, body: ResponseBody()) }
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    func plain(_ status: HTTPResponse.Status, _ text: String, request: Request) -> Response {
        respond(
            status, headers: [.contentType: "text/plain; charset=utf-8"], body: ByteBuffer(string: text),
            request: request)
    }

    /// Server-sent events: `reload` after each rebuild, until the server stops.
    func events() -> Response {
        let stream = hub.subscribe()
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache", .connection: "keep-alive",
        ]
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                for await text in stream { try await writer.write(ByteBuffer(string: text)) }
                try await writer.finish(nil)
            })
    }
}
