import ArgumentParser
import Foundation
import LinkyBuild
import LinkyCuration
import LinkyModel

struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Work with the site's theme.",
        subcommands: [Eject.self, DataCommand.self]
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
            for path in result.written { Terminal.output("wrote \(path)") }
            for path in result.kept { Terminal.output("kept  \(path) (exists; --force overwrites it)") }
            Terminal.output("\(result.written.count) files written, \(result.kept.count) kept.")
        }
    }

    struct DataCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "data",
            abstract: "List the data a template receives, with this site's values.",
            discussion: """
                Prints every name the template can use, with its value on the first page it renders for \
                this site (a list shows its first item): what `{{name}}`, `{{#section}}` and \
                `{{site.title}}` find. Without a template, lists the templates. The build warns \
                (LINKY163) about a name in a site's template that no page gives.

                Examples:
                  linky-site theme data                       # the templates
                  linky-site theme data category              # a category page's data
                  linky-site theme data partials/link_item -s my-links
                """
        )

        @Argument(
            help: ArgumentHelp(
                "The template, as its file name without .mustache: home, category, partials/link_item…",
                valueName: "TEMPLATE"))
        var template: String?

        @OptionGroup var site: SiteArgument

        func run() async throws {
            var site = site
            var template = template
            // `theme data my-links`: a folder where a template goes, and no site given, is the site.
            var isFolder: ObjCBool = false
            if let given = template, site.option == nil, site.positional == nil,
                FileManager.default.fileExists(atPath: given, isDirectory: &isFolder), isFolder.boolValue
            {
                site.positional = given
                template = nil
            }
            let folder = try site.open()
            guard let template else {
                for name in TemplateData.templates(siteFolder: folder.url) { Terminal.output("\(name)") }
                return
            }
            let name = template.hasSuffix(".mustache") ? String(template.dropLast(".mustache".count)) : template
            switch await TemplateData.describe(name, siteFolder: folder.url) {
            case .success(let outline): Terminal.write(TerminalText(lines: outline))
            case .failure(.siteErrors(let diagnostics)):
                DiagnosticFormat.text.print(
                    diagnostics.filter { $0.severity == .error }, prefix: folder.prefix,
                    summary: "The site has errors, so no page shows its data: fix them first.",
                    colors: Terminal.colorsOnStandardError)
                throw ExitCode(1)
            case .failure(.unknownTemplate(let name, let known)):
                let nearest = Spelling.nearest(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw ValidationError(
                    "there is no template '\(name)'\(nearest); the templates are: \(known.joined(separator: ", "))")
            case .failure(.noPage(let name)):
                throw ValidationError("this site renders no page with '\(name)' (a link page needs a link with a note)")
            }
        }
    }
}
