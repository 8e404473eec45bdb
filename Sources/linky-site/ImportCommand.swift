import ArgumentParser
import Foundation
import LinkyCuration
import LinkyImport
import LinkyModel
import LinkyNetwork

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import bookmarks into the site as link files, from a file or a bookmark service.",
        discussion: """
            Reads FILE and writes one link file per bookmark into CATEGORY (a folder under the content \
            folder; default: imported), with the bookmark folders or list headings as sub-folders. An \
            existing file is never overwritten. A bookmark whose URL the site already has, or that comes \
            twice in FILE, is skipped as a duplicate; one without a usable URL (bookmarklets, Firefox \
            place: queries) is reported with its line and skipped. Running the same import again adds \
            nothing.

            Formats (--from; guessed from the extension when left out):
              netscape  Bookmark HTML from Chrome, Edge, Firefox, Safari, Pinboard,
                        linkding (.html): folders, ADD_DATE → date, TAGS, <DD> →
                        description, PRIVATE="1" → draft, TOREAD="1" → toread.
                        Browser toolbars and "Other bookmarks" are not folders
                        of their own; bookmarklets and place: queries are skipped.
              json      A JSON export (.json), the tool known by its shape:
                        Pinboard, Omnivore, Karakeep (Hoarder), Linkwarden.
              pinboard  Pinboard's JSON export: description → title,
                        extended → description, time → date, shared "no" →
                        draft, toread "yes" → toread, tags split at spaces.
              markdown  An awesome list (.md): ## headings → folders, items
                        - [Title](url) - description #tag.
              opml      A feed reader's OPML (.opml): each feed a link to its
                        site, the feed kept as feed:, folders kept.
              text      Addresses one a line (.txt); titles from metadata.json.
              csv       Pocket, Raindrop.io or Instapaper's CSV export (.csv),
                        known by the header row, or any CSV with a url column
                        (export --format csv's): folders, tags, dates, notes and
                        highlights, favourites, unread → toread.

            Folders get slug names (Hangul kept) and an _index.md with their title. \
            `toread` and `feed` are kept as extra keys: list them in linky.yml's extra_keys.

            From a bookmark service (--from SERVICE, no FILE), again and again: the first run imports \
            every bookmark (with --tag, the tagged ones); later runs add what is new, rewrite a file the \
            sync wrote when the source changed the bookmark, but never a file edited here since (that \
            is reported), and report bookmarks gone from the source (--prune deletes their files). \
            sync.json, beside linky.yml, remembers what each source became: commit it. Tokens are read \
            from the environment only, and never written or printed.
              linkding      --url (required)     LINKDING_TOKEN
              shaarli       --url (required)     SHAARLI_SECRET (the API secret)
              pinboard      api.pinboard.in      PINBOARD_TOKEN (user:HEX)
              raindrop      api.raindrop.io      RAINDROP_TOKEN
              karakeep      --url (required)     KARAKEEP_TOKEN
              linkwarden    --url (required)     LINKWARDEN_TOKEN
              github-stars  --user NAME          GITHUB_TOKEN (optional)
            Collections, folders and lists become folders; notes, descriptions, tags, dates and \
            favourites carry over; unread → toread, archived → archived (extra keys); private → draft. \
            A repository starred on GitHub becomes a link with its description, its topics as tags and \
            the day it was starred; --tag picks a topic; GITHUB_API_URL is honoured as Actions set it.

            Examples:
              linky-site import ~/Downloads/bookmarks_2024_05_01.html --dry-run
              linky-site import bookmarks.html my-links --category reading/browser
              linky-site import pinboard_export.json --from pinboard --category pinboard
              linky-site import awesome-swift/README.md --category swift
              LINKDING_TOKEN=… linky-site import --from linkding --url https://links.example.org --tag publish
              linky-site import --from github-stars --user octocat --category stars --prune

            Exit codes: 0 links were imported, or every usable link is already in the collection (an \
            import run again); 1 FILE has no usable link at all, only invalid entries; 64 usage error (e.g. a --category outside the \
            content folder); 65 FILE is not in the format; 66 FILE or the site folder not found; 74 a \
            file could not be written (nothing was written; run again). From a service also: 69 the \
            service's answer is not what its API documents, or it has nothing at --url; 75 the service \
            kept answering 429 or 5xx past --max-wait, or could not be reached (what was fetched is \
            imported; run again later); 77 the service refused the token.
            """
    )

    @Argument(
        help: ArgumentHelp("The file to import (none with --from SERVICE).", valueName: "FILE"), completion: .file())
    var file: String?

    @OptionGroup var site: SiteArgument

    @Option(
        help: ArgumentHelp(
            "The file's format: netscape, json, pinboard, markdown, csv, opml or text (default: from its extension); or a service: linkding, shaarli, pinboard, raindrop, karakeep, linkwarden, github-stars.",
            valueName: "format-or-service"))
    var from: ImportOrigin?

    @OptionGroup(title: "From a bookmark service") var service: ServiceImportOptions

    @Flag(name: .shortAndLong, help: "List every duplicate skipped (by default the summary counts them).")
    var verbose = false

    @Option(
        help: "The folder under the content folder to import into, e.g. reading/browser (default: imported).")
    var category: String?

    @Flag(help: "List what would be written; write nothing.")
    var dryRun = false

    func validate() throws {
        if let service = serviceToSync {
            try self.service.validate(for: service, file: file, site: site)
            return
        }
        try service.validateUnused()
        guard let file else {
            throw ValidationError(
                "give the FILE to import, or --from with a service (linkding, pinboard, github-stars, …)")
        }
        guard from != nil || ImportFormat(guessingFrom: file) != nil else {
            throw ValidationError(
                "cannot tell the format of \"\(file)\" from its name (.html, .json, .md, .csv, .opml, .txt); add --from with one of netscape, json, pinboard, markdown, csv, opml, text"
            )
        }
    }

    func run() async throws {
        if let service = serviceToSync {
            try await sync(service)
            return
        }
        guard let file else { throw ExitCode(64) }
        let folder = try site.open()
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            fail("cannot read \"\(file)\": \(error.systemCause)", hint: "check the file's path")
            throw ExitCode(66)
        }
        let format = from?.format ?? ImportFormat(guessingFrom: file)!
        let importer = Importer(options: ImportOptions(siteFolder: folder.url, category: category, dryRun: dryRun))
        let report: ImportReport
        do {
            report = try await importer.run(data, format: format, path: file)
        } catch .invalidCategory(let name, let reason) {
            fail("--category \"\(name)\" cannot be used: \(reason)", hint: "e.g. --category reading/imported")
            throw ExitCode(64)
        } catch .unreadable(let failure) {
            DiagnosticFormat.text.print(
                [failure.diagnostic], prefix: "", summary: "Nothing was imported.",
                colors: Terminal.colorsOnStandardError)
            throw ExitCode(65)
        }

        let verb = dryRun ? "would write" : "wrote"
        for written in report.files { Terminal.output("\(verb) \(folder.prefix)\(written.path)") }
        for index in report.indexFiles { Terminal.output("\(verb) \(folder.prefix)\(index)") }
        // Run again, an import finds its links already there: nothing new is not a failure.
        let failed = report.files.isEmpty && report.duplicates.isEmpty && !report.invalid.isEmpty
        DiagnosticFormat.text.print(
            shown(report.diagnostics, failed: failed), prefix: "", summary: summary(report, prefix: folder.prefix),
            colors: Terminal.colorsOnStandardError)

        if report.writeFailure != nil { throw ExitCode(74) }
        if failed { throw ExitCode(1) }
    }

    /// What is printed: duplicates only with --verbose (the summary counts them; an import run again
    /// has one for every link), and skipped entries as warnings when the import still succeeds, so
    /// the words match the exit code.
    func shown(_ diagnostics: [Diagnostic], failed: Bool) -> [Diagnostic] {
        var shown = diagnostics
        if !verbose { shown.removeAll { $0.code == .importDuplicate } }
        if !failed {
            shown = shown.map {
                var diagnostic = $0
                if [.importMissingURL, .importInvalidURL].contains(diagnostic.code) { diagnostic.severity = .warning }
                return diagnostic
            }
        }
        return shown
    }
}

// MARK: - Printing

/// What `--from` names: a file's format, or a service to sync from. `pinboard` is both: with a FILE
/// that is a file, Pinboard's JSON export; without one, Pinboard's API.
enum ImportOrigin: ExpressibleByArgument, Equatable {
    case format(ImportFormat)
    case service(BookmarkService)
    /// `pinboard`: the export's format, or the API.
    case pinboard

    init?(argument: String) {
        let name = argument.lowercased()
        if name == "pinboard" {
            self = .pinboard
        } else if let format = ImportFormat(rawValue: name) {
            self = .format(format)
        } else if let service = BookmarkService(rawValue: name) {
            self = .service(service)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] {
        ImportFormat.allCases.map(\.rawValue) + BookmarkService.allCases.map(\.rawValue).filter { $0 != "pinboard" }
    }

    var format: ImportFormat? {
        switch self {
        case .format(let format): format
        case .pinboard: .pinboard
        case .service: nil
        }
    }
}

extension ImportCommand {
    /// The service to sync from, when `--from` names one (and, for `pinboard`, FILE is not a file).
    var serviceToSync: BookmarkService? {
        switch from {
        case .service(let service): return service
        case .pinboard:
            var folder: ObjCBool = false
            if let file, FileManager.default.fileExists(atPath: file, isDirectory: &folder), !folder.boolValue {
                return nil
            }
            return .pinboard
        case .format, nil: return nil
        }
    }
}

extension ImportCommand {
    /// `1 link`, `2 links`; `plural` where adding an s is wrong.
    func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    func fail(_ message: String, hint: String) {
        Terminal.error("linky-site: error: \(message)\n  hint: \(hint)\n")
    }

    func summary(_ report: ImportReport, prefix: String) -> String {
        var lines: [String] = []
        if report.siteErrorCount > 0 {
            lines.append(
                "note: the site has \(count(report.siteErrorCount, "error")) (see `linky-site build`); links in files with errors were not compared with the import"
            )
        }
        if !report.undeclaredExtraKeys.isEmpty, !report.files.isEmpty {
            let keys = report.undeclaredExtraKeys.joined(separator: ", ")
            lines.append(
                "note: the new files use \(keys), which the build warns about until linky.yml lists them: extra_keys: [\(keys)]"
            )
        }
        let imported = dryRun ? "Would import" : "Imported"
        var text =
            "\(imported) \(count(report.files.count, "link")) into \(prefix)\(report.folder); skipped \(count(report.duplicates.count, "duplicate"))\(report.duplicates.isEmpty || verbose ? "" : " (--verbose lists them)") and \(count(report.invalid.count, "invalid entry", "invalid entries"))."
        if report.files.isEmpty, !report.duplicates.isEmpty {
            text += " Nothing new: every usable link of the file is already in the collection."
        }
        if dryRun { text += " Nothing was written (--dry-run)." }
        if report.writeFailure != nil { text += " The import stopped at a file it could not write." }
        lines.append(text)
        return lines.joined(separator: "\n")
    }
}
