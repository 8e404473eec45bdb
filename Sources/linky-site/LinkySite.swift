import ArgumentParser
import Foundation
import LinkyModel

@main
struct LinkySite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linky-site",
        abstract: "Turn a folder of Markdown links into a fast, searchable static website.",
        discussion: """
            A site is a folder with an optional linky.yml, a content folder (links/ by default) holding one \
            Markdown file per link and one folder per category, an optional tags.yml, templates/ and static/.

            Exit codes: 0 ok; 1 content errors (or warnings with --strict); 2 broken links found by check \
            --links; 64 usage error; 65 an import file is not in its format; 66 site folder or input file not \
            found; 69 a program it needs is missing (WeasyPrint for --pdf, git for check --changed-since); 73 \
            unsafe output folder; 74 output could not be written; 75 another build is running on the output, \
            or `serve` cannot listen (the port is in use).
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            BuildCommand.self, CheckCommand.self, NewCommand.self, AddCommand.self, FetchCommand.self,
            ImportCommand.self, ExportCommand.self, TagsCommand.self, ServeCommand.self, ThemeCommand.self,
        ]
    )

    /// Before ArgumentParser: the habits other tools teach (`new site DIR`, `init`, `version`), a
    /// word that is no command (told the nearest one, or what to run instead), and `linky-site` alone
    /// (in a site folder: what to run there). Usage errors are written in the voice of every other
    /// error: `linky-site: error: …` and a hint.
    static func main() async {
        let arguments = habits(Array(CommandLine.arguments.dropFirst()))
        if arguments.isEmpty {
            Terminal.output(TerminalText(lines: bareAdvice(in: FileManager.default.currentDirectoryPath)))
            Foundation.exit(0)
        }
        if let first = arguments.first, !first.hasPrefix("-"), let advice = advice(for: first) {
            Terminal.error(TerminalText(lines: "linky-site: error: '\(first)' is not a command. \(advice)\n"))
            Foundation.exit(64)
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            guard code.rawValue == 64 else { exit(withError: error) }
            // A command that said what was wrong itself ends with a bare ExitCode(64).
            if error is ExitCode { Foundation.exit(64) }
            Terminal.error(TerminalText(lines: usageError(fullMessage(for: error))))
            Foundation.exit(64)
        }
    }

    /// The arguments with other tools' spellings made ours: `new site DIR` (Hugo) and `init [DIR]`
    /// (Zola) are `new DIR`; `version` is `--version`.
    static func habits(_ arguments: [String]) -> [String] {
        guard let first = arguments.first else { return arguments }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "version": return ["--version"] + rest
        case "init": return ["new"] + (rest.contains { !$0.hasPrefix("-") } ? rest : ["."] + rest)
        case "new" where rest.first == "site" && rest.dropFirst().contains { !$0.hasPrefix("-") }:
            return ["new"] + rest.dropFirst()
        default: return arguments
        }
    }

    /// What `linky-site` alone prints: in a site folder, the commands to run there; elsewhere, how to
    /// start one and where the help is.
    static func bareAdvice(in folder: String) -> String {
        let manager = FileManager.default
        let isSite = ["linky.yml", "links"].contains { manager.fileExists(atPath: folder + "/" + $0) }
        if isSite {
            return """
                This folder is a linky-site site. Run:
                  linky-site serve      preview it at http://127.0.0.1:8080/, rebuilt as you edit
                  linky-site add URL    add a link (its title and description fetched)
                  linky-site build      write the site to _site/, ready to publish
                  linky-site check      check its files (and with --links, its links)
                All commands: linky-site --help
                """
        }
        return """
            linky-site turns a folder of Markdown links into a website. To start:
              linky-site new my-links && cd my-links && linky-site serve
            All commands: linky-site --help
            """
    }

    /// Words other tools use for what a command of ours does, and what to say for them.
    static let otherToolsWords: [String: String] = [
        "server": "serve", "preview": "serve", "dev": "serve", "watch": "serve", "start": "serve", "run": "serve",
        "generate": "build", "gen": "build", "compile": "build", "make": "build", "render": "build",
        "publish": "build", "deploy": "build", "create": "new", "scaffold": "new",
        "lint": "check", "validate": "check", "verify": "check", "test": "check", "doctor": "check",
        "save": "add", "bookmark": "add", "post": "add", "update": "fetch", "refresh": "fetch", "sync": "import",
        "list": "tags list", "ls": "tags list",
    ]

    /// Why `word` is not a command and what to run instead; nil when it is a command (or help).
    static func advice(for word: String) -> String? {
        guard !commandNames.contains(word), word != "help" else { return nil }
        let lowered = word.lowercased()
        if ["rm", "remove", "delete", "del", "unlink"].contains(lowered) {
            return "A link is a file: delete it (or its line in a list file) and build again.\n"
                + "  hint: `linky-site tags rename` and `tags merge` edit tags across every file"
        }
        if let ours = otherToolsWords[lowered] {
            let extra = ours == "build" ? " (then publish the output folder, _site/, to any static host)" : ""
            return "Did you mean '\(ours)'?\(extra)\n  hint: see the commands with `linky-site --help`"
        }
        if let nearest = nearestCommand(to: word) {
            return "Did you mean '\(nearest)'?\n  hint: see the commands with `linky-site --help`"
        }
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }.joined(separator: ", ")
        return "The commands are \(commands).\n  hint: `linky-site COMMAND --help` says what each does"
    }

    /// ArgumentParser's "Error: …", "Usage: …", "See '…' for more help." as one error and its hint.
    static func usageError(_ full: String) -> String {
        var message = ""
        var usage = ""
        var help = ""
        var inHelp = false
        for line in full.split(separator: "\n", omittingEmptySubsequences: true) {
            let text = line.trimmingCharacters(in: .whitespaces)
            // A missing argument's "Help: <URL>  The address…" lines: the usage line says it.
            if text.hasPrefix("Help:") {
                inHelp = true
                continue
            }
            if inHelp, !text.hasPrefix("Usage: ") { continue }
            inHelp = false
            if text.hasPrefix("Error: ") {
                message = String(text.dropFirst("Error: ".count))
            } else if text.hasPrefix("Usage: ") {
                usage = String(text.dropFirst("Usage: ".count))
            } else if text.hasPrefix("See '"), let end = text.dropFirst(5).firstIndex(of: "'") {
                help = String(text[text.index(text.startIndex, offsetBy: 5)..<end])
            } else if message.isEmpty {
                message = text
            } else if usage.isEmpty {
                message += " " + text
            } else {
                usage += " " + text.trimmingCharacters(in: .whitespaces)
            }
        }
        if let first = message.first, first.isUppercase, !message.hasPrefix("URL") {
            message = first.lowercased() + message.dropFirst()
        }
        var text = "linky-site: error: \(message)\n"
        if !usage.isEmpty { text += "  usage: \(usage)\n" }
        text += "  hint: " + (help.isEmpty ? "see `linky-site --help`" : "see `\(help)`") + "\n"
        return text
    }

    /// Every command's name and aliases (`serve`, `server`).
    static var commandNames: [String] {
        configuration.subcommands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases }
    }

    /// The command `word` is a misspelling of (two edits at most), when it names none.
    static func nearestCommand(to word: String) -> String? {
        guard !commandNames.contains(word), word != "help" else { return nil }
        let scored = commandNames.map { ($0, Spelling.distance($0, word.lowercased())) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }
}
