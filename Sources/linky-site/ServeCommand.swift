import ArgumentParser
import Foundation
import LinkyBuild
import LinkyModel
import LinkyServe

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the site locally; pages reload by themselves as you edit.",
        discussion: """
            Builds SITE into memory and serves it at http://HOST:PORT/. It watches the content folder, \
            linky.yml, tags.yml, metadata.json, templates/ and static/: saving a link file re-renders only the \
            pages that show that link, other changes rebuild the whole site, and every open page reloads. \
            While the site has errors the pages show them in an overlay (file:line and message) and come back \
            when the file is fixed. Nothing is written to disk; the reload script is never part of `build` \
            output. Ctrl-C stops the server.

            It answers only its own host names: localhost (and *.localhost), IP addresses (127.0.0.1, \
            [::1], a LAN address when --host is 0.0.0.0), the --host name and --allow-host names, with \
            or without the port. Any other Host: gets 403, so a web page cannot read the preview through \
            DNS rebinding.

            Example:
              linky-site serve my-links --port 8000 --open

            Exit codes: 0 stopped with Ctrl-C (or SIGTERM); 64 usage error; 66 site folder not found; 75 the \
            port is in use or the address cannot be listened on.
            """,
        aliases: ["server"]
    )

    @OptionGroup var site: SiteArgument

    @OptionGroup var base: BaseURLOption

    @Option(name: .shortAndLong, help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The address to listen on; 0.0.0.0 shows the preview to your network.")
    var host: String = "127.0.0.1"

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "A host name to answer besides localhost and IP addresses, e.g. mybox.local (repeatable).",
            valueName: "name"))
    var allowHost: [String] = []

    @Flag(name: [.customShort("D"), .long], help: "Include links marked `draft: true`.")
    var drafts = false

    @Flag(help: "Open the preview in the default browser (xdg-open or open).")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() async throws {
        let folder = try site.open()
        var build = BuildOptions(siteFolder: folder.url, baseURL: base.baseURL)
        build.includeDrafts = drafts
        var options = PreviewServer.Options(build: build)
        options.host = host
        options.port = port
        options.allowedHosts = allowHost
        let prefix = folder.prefix
        let colors = Terminal.colorsOnStandardError
        let openBrowser = open
        do {
            try await PreviewServer(options: options).run { event in
                switch event {
                case .built(let diagnostics, let files, let milliseconds):
                    DiagnosticFormat.text.print(
                        diagnostics, prefix: prefix,
                        summary: diagnostics.containsErrors
                            ? "The site has errors: pages show them until they are fixed."
                            : "Built \(files) files in memory in \(milliseconds) ms.",
                        colors: colors)
                case .listening(let host, let port):
                    let shown = host.contains(":") ? "[\(host)]" : host
                    let address = "http://\(shown):\(port)/"
                    // On standard output, so scripts can read the address (with --port 0 especially).
                    Terminal.write("Serving \(address) (Ctrl-C to stop)\n")
                    if openBrowser { Self.openInBrowser(address) }
                case .rebuilt(let update, let diagnostics, let milliseconds):
                    let what: String
                    switch update {
                    case .incremental(let paths): what = "re-rendered \(paths.count) files"
                    case .full: what = "rebuilt the site"
                    case .staticFiles: what = "static files changed"
                    case .failed: what = "the site has errors"
                    case .unchanged: return
                    }
                    let errors = diagnostics.filter { $0.severity == .error }
                    if !errors.isEmpty {
                        DiagnosticFormat.text.print(errors, prefix: prefix, summary: "", colors: colors)
                    }
                    Self.standardError("\(what) in \(milliseconds) ms; pages reloaded.\n")
                }
            }
        } catch let failure as PreviewServer.Failure {
            Terminal.error(
                "linky-site: error: \(failure)\n  hint: stop the other server, or pick another port with --port (0 picks a free one)\n"
            )
            throw ExitCode(75)
        }
    }

    static func standardError(_ text: TerminalText) {
        Terminal.error(text)
    }

    /// `xdg-open` on Linux, `open` on macOS, when present; a missing one is a note, not an error.
    static func openInBrowser(_ address: String) {
        let candidates = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open", "/usr/bin/open"]
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            standardError("note: no xdg-open or open found; open \(address) yourself\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            standardError("note: could not run \(tool): \(error.localizedDescription); open \(address) yourself\n")
        }
    }
}
