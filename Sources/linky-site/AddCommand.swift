import ArgumentParser
import Foundation
import LinkyCuration
import LinkyModel
import LinkyNetwork

struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a link: fetch its title, description and image, and write its file.",
        discussion: """
            Writes a new link file in the category's folder, named after the title (Hangul kept), dated \
            today unless --date says otherwise. Unless --no-fetch, the page is fetched first (redirects \
            followed, within --timeout) and its Open Graph, Twitter card and <title> fill the title, \
            description and image; its icon goes to metadata.json. Pages in EUC-KR, Shift_JIS or Latin-1 \
            are read correctly. What you pass (--title, --description) wins over what the page says. The \
            link's preview picture and icon are then downloaded into pictures/, as `fetch` makes them \
            (--no-pictures skips them).

            Only public addresses are fetched: a page, redirect or picture at a loopback, private, \
            link-local or reserved address (127.0.0.1, 10.0.0.0/8, 192.168.0.0/16, 169.254.169.254, ::1, \
            …) is not requested; the link is added with a warning (LINKY211). --allow-private fetches \
            them too.

            A URL the collection already has (compared normalised: scheme and host case, default port, \
            trailing slash, an in-page #fragment and utm_* ignored; a route such as #!… or #/… counts) \
            is refused with the file that has it, unless --force.

            --category is a folder path under the content folder (reading/swift); an existing folder is \
            matched by name or slug, a new one is created (a name like "읽을 거리" becomes the folder \
            읽을-거리 with an _index.md titled "읽을 거리"). If it names a list file, the link is added as a \
            new item at its end. Nothing is ever overwritten.

            Examples:
              linky-site add https://www.swift.org/documentation/ --category reading/swift --tags swift,docs
              linky-site add https://ko.wikipedia.org/wiki/한글 --tags 한글 --note "훈민정음 이야기"
              linky-site add https://example.com/ --no-fetch --title "Example" --date 2024-05-01
            """
    )

    @Argument(
        help: ArgumentHelp("The address to add (http or https; Hangul paths and IDN hosts are fine).", valueName: "URL")
    )
    var url: String

    @OptionGroup var site: SiteArgument

    @Option(name: .shortAndLong, help: "The category: a folder path under the content folder, or a list file's name.")
    var category: String?

    @Option(name: .shortAndLong, help: "Tags, comma-separated: --tags swift,concurrency")
    var tags: String?

    @Option(help: "The title (default: the page's).")
    var title: String?

    @Option(help: "A one-line description (default: the page's).")
    var description: String?

    @Option(help: "A note, in Markdown: the file's body.")
    var note: String?

    @Option(help: "The day it was saved, YYYY-MM-DD or ISO 8601 (default: today).")
    var date: String?

    @Flag(help: "Mark the link as a favourite.")
    var favorite = false

    @Flag(help: "Mark the link as a draft (left out of builds unless --drafts).")
    var draft = false

    @Flag(help: "Add the link even if the collection already has its URL.")
    var force = false

    @Flag(name: .customLong("no-fetch"), help: "Do not fetch the page; the title is --title, or the address.")
    var noFetch = false

    @Flag(name: .customLong("no-pictures"), help: "Do not download the link's preview picture and icon.")
    var noPictures = false

    @Option(help: "Seconds to wait for the page.")
    var timeout: Int = 15

    @Flag(
        name: .customLong("allow-private"),
        help: "Also fetch from loopback, private, link-local and reserved addresses (127.0.0.1, 10.x, 169.254.x, …).")
    var allowPrivate = false

    func run() async throws {
        // `add my-links` with the address forgotten: say so, not that "my-links" has no scheme.
        var isFolder: ObjCBool = false
        if !url.contains("://"), FileManager.default.fileExists(atPath: url, isDirectory: &isFolder), isFolder.boolValue
        {
            Terminal.error(
                "linky-site: error: \"\(url)\" is a folder, not an address: give the address first\n"
                    + "  hint: linky-site add https://example.com/ \(url)\n")
            throw ExitCode(64)
        }
        let opened = try site.open()
        let siteFolder = opened.url
        var request = LinkAddition.Request(url: url)
        request.category = category
        request.tags = (tags ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        request.title = title
        request.description = description
        request.note = note
        request.date = date
        request.favorite = favorite
        request.draft = draft
        request.force = force
        do {
            try await add(request, to: siteFolder, prefix: opened.prefix)
        } catch {
            Terminal.error("linky-site: error: \(error)\n  hint: \(error.hint)\n")
            switch error {
            case .write: throw ExitCode(74)
            case .invalidCategory, .invalidDate, .tagNotWritable: throw ExitCode(64)
            case .invalidURL, .duplicate: throw ExitCode(1)
            }
        }
    }

    func add(
        _ request: LinkAddition.Request, to siteFolder: URL, prefix: String
    ) async throws(LinkAddition.Failure) {
        let addition = LinkAddition(siteFolder: siteFolder)
        let plan = try await addition.plan(request, today: Self.today())
        var fetched: MetadataCache.Entry?
        var refusal: WebClient.Failure?
        if !noFetch {
            (fetched, refusal) = await fetch(plan.url)
        }
        let written = try addition.write(plan, fetched: fetched)
        if let refusal {
            // At the new file, with its code, as `fetch` says it.
            let warning = Diagnostic.warning(
                .privateAddress, at: SourceLocation(path: written), "\(plan.url.displayString): \(refusal)",
                hint: WebClient.Failure.privateAddressHint)
            Terminal.error(
                DiagnosticFormat.line(warning, prefix: prefix) + "\n  hint: \(WebClient.Failure.privateAddressHint)\n")
        }
        if let fetched, fetched.favicon != nil || fetched.title != nil {
            do {
                var cache = try MetadataCache.load(fromSiteFolder: siteFolder)
                cache[plan.url] = fetched
                try cache.save(toSiteFolder: siteFolder)
            } catch {
                Self.warn("the link was added, but metadata.json could not be updated: \(error)")
            }
        }
        Terminal.output("Added \(written)")
        if !noFetch, !noPictures { await fetchPictures(of: plan.url, in: siteFolder, prefix: prefix) }
        if plan.siteErrorCount > 0 {
            Self.warn(
                "the site has \(plan.siteErrorCount) content errors elsewhere; run `linky-site check` to see them")
        }
    }

    /// The new link's preview picture and icon into `pictures/`, as `fetch` makes them; a picture that
    /// cannot be used is a warning, and the link stays added.
    func fetchPictures(of url: LinkURL, in siteFolder: URL, prefix: String) async {
        var options = PictureFetch.Options(siteFolder: siteFolder, today: Self.today())
        options.timeout = .seconds(timeout)
        options.onlyLinks = [url.comparisonKey]
        options.allowPrivateAddresses = allowPrivate
        let pictures = PictureFetch(options: options)
        do {
            let report = try await pictures.run(try await pictures.plan())
            // At the new file, with its code, as `fetch` says it.
            for warning in report.warnings { Terminal.error(DiagnosticFormat.line(warning, prefix: prefix) + "\n") }
        } catch {
            Self.warn("the link was added, but its pictures were not: \(error.message(pathPrefix: ""))")
        }
    }

    /// The page's metadata; a page that cannot be read costs the link its description, not its file.
    /// A page at an address that is not public is not read: the refusal is given back, for a warning
    /// at the file once it is written.
    func fetch(_ url: LinkURL) async -> (MetadataCache.Entry?, refusal: WebClient.Failure?) {
        var options = WebClient.Options()
        options.timeout = .seconds(max(timeout, 1))
        options.allowPrivateAddresses = allowPrivate
        let client = WebClient(options: options)
        let outcome: Result<MetadataFetcher.Result, MetadataFetcher.Failure>
        do {
            outcome = .success(try await MetadataFetcher(client: client).fetch(url))
        } catch {
            outcome = .failure(error)
        }
        await client.shutdown()
        switch outcome {
        case .success(let result):
            if let redirect = result.redirects.last, result.redirects.allSatisfy(\.isPermanent) {
                Self.warn(
                    "\(url.displayString) moved permanently to \(redirect.to); consider adding that address instead")
            }
            let entry = MetadataCache.Entry(
                title: result.metadata.title, description: result.metadata.description,
                image: result.metadata.image?.absoluteString, favicon: result.favicon?.absoluteString,
                fetched: Self.today())
            return (entry, nil)
        case .failure(.web(let refusal)) where refusal.isPrivateAddress:
            return (nil, refusal)
        case .failure(let error):
            Self.warn("could not read the page (\(error)); the link is added without its metadata")
            return (nil, nil)
        }
    }

    static func today() -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    static func warn(_ message: String) {
        Terminal.error("linky-site: warning: \(message)\n")
    }
}
