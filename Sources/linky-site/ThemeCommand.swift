import ArgumentParser
import Foundation
import LinkyCuration

struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the site's theme.",
        subcommands: [Eject.self]
    )

    struct Eject: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "eject",
            abstract: "Copy the built-in theme into SITE/templates to change it.",
            discussion: """
                Every template, partial and asset of the built-in theme is copied into templates/; the \
                build then uses those copies. Files already in templates/ are kept unless --force is given. \
                Delete any copy you do not change, so it keeps following the built-in theme.
                """
        )

        @OptionGroup var site: SiteArgument

        @Flag(help: "Overwrite files already in templates/.")
        var force = false

        func run() throws {
            let result = try ThemeEjector(siteFolder: try site.open().url).eject(overwrite: force)
            for path in result.written { print("wrote \(path)") }
            for path in result.kept { print("kept  \(path) (exists; --force overwrites it)") }
            print("\(result.written.count) files written, \(result.kept.count) kept.")
        }
    }
}
