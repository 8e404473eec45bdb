import ArgumentParser
import Foundation
import LinkyBuild
import LinkyModel

struct TagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "Look after the site's tags (`linky-site tags` alone lists them).",
        subcommands: [List.self, Rename.self, Merge.self],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every tag with the number of links that carry it.",
            discussion: """
                Tags are shown as the site shows them (tags.yml titles, else the first spelling used), \
                most used first; spellings that are one tag (case, Unicode form, aliases) are counted \
                together. Entries of tags.yml that no link uses are listed after them. Nothing is written.

                Example: linky-site tags list my-links --sort name
                """
        )

        enum Order: String, ExpressibleByArgument, CaseIterable {
            case count, name
        }

        @OptionGroup var site: SiteArgument

        @Option(help: "Order: count (most used first) or name.")
        var sort: Order = .count

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        func run() async throws {
            let folder = try site.open()
            var options = BuildOptions(siteFolder: folder.url)
            options.writeOutput = false
            let report = await SiteBuilder().build(options)
            guard let built = report.site, !report.diagnostics.containsErrors else {
                DiagnosticFormat.text.print(
                    report.diagnostics.filter { $0.severity == .error }, prefix: folder.prefix,
                    summary: "The site has errors; fix them to list its tags.", colors: false)
                throw ExitCode(1)
            }
            var tags = built.tags
            if sort == .count {
                tags.sort { ($0.links.count, $1.name.foldedIdentity) > ($1.links.count, $0.name.foldedIdentity) }
            }
            if json {
                struct Entry: Encodable {
                    var name: String
                    var slug: String
                    var count: Int
                    var parent: String?
                }
                struct Listing: Encodable {
                    var tags: [Entry]
                    var unused: [String]
                }
                let listing = Listing(
                    tags: tags.map {
                        Entry(
                            name: $0.name, slug: $0.slug, count: $0.links.count,
                            parent: $0.parent.map { built.tags[$0].name })
                    },
                    unused: report.unusedTagDefinitions.map(\.name))
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                Terminal.json(String(decoding: try encoder.encode(listing), as: UTF8.self))
                return
            }
            // Names as the terminal shows them (control characters escaped), so the columns line up.
            let names = tags.map(\.name.escapingControlCharacters)
            let width = min(max(names.map { Self.displayWidth($0) }.max() ?? 4, 4), 40)
            Terminal.output(TerminalText(lines: "links  " + Self.padded("tag", width) + "  address"))
            for (tag, name) in zip(tags, names) {
                let count = String(tag.links.count)
                Terminal.output(
                    TerminalText(
                        lines: String(repeating: " ", count: max(5 - count.count, 0)) + count + "  "
                            + Self.padded(name, width) + "  tags/\(tag.slug)/"))
            }
            Terminal.output("\(tags.count) tags on \(built.links.count) links.")
            if !report.unusedTagDefinitions.isEmpty {
                Terminal.output("\nIn tags.yml but used by no link:")
                for entry in report.unusedTagDefinitions { Terminal.output("  \(entry.name)  (\(entry.location))") }
            }
        }

        /// Columns a terminal gives the text: Hangul, CJK and full-width forms take two.
        static func displayWidth(_ text: String) -> Int {
            text.unicodeScalars.reduce(0) { width, scalar in
                switch scalar.value {
                case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
                    0xFF00...0xFF60,
                    0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
                    width + 2
                case 0x0300...0x036F, 0x200B...0x200F: width
                default: width + 1
                }
            }
        }

        static func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(width - displayWidth(text), 0))
        }
    }
}
