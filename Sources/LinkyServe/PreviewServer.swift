import Foundation
import Hummingbird
import HummingbirdCore
import LinkyBuild
import LinkyModel
import Logging
import NIOCore
import ServiceLifecycle

/// `linky-site serve`: the site rendered into memory and served over HTTP; edits rebuild what they
/// affect and every open page reloads.
public struct PreviewServer: Sendable {
    public struct Options: Sendable {
        public var build: BuildOptions
        public var host = "127.0.0.1"
        /// Host names answered besides `localhost`, IP addresses and `host` (`--allow-host`): any
        /// other `Host:` gets 403, so a page cannot read the preview through DNS rebinding.
        public var allowedHosts: [String] = []
        /// 0 picks a free port.
        public var port = 8080
        /// How long the watcher waits for more changes before rebuilding.
        public var quiet: Duration = .milliseconds(50)
        /// Stop on SIGINT and SIGTERM (off in tests, which cancel instead).
        public var handlesSignals = true
        /// How long a connection may go without sending a whole request head, from its opening or
        /// its last response, before it is closed: idle keep-alive connections, and slow-header ones.
        public var idleTimeout: Duration = .seconds(15)

        public init(build: BuildOptions) { self.build = build }
    }

    /// Why the server could not start.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case portInUse(host: String, port: Int)
        case cannotListen(host: String, port: Int, reason: String)

        public var description: String {
            switch self {
            case .portInUse(let host, let port):
                "port \(port) on \(host) is already in use (is another `linky-site serve` running?)"
            case .cannotListen(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// What the server tells its user: the first build's problems, each rebuild.
    public enum Event: Sendable {
        case built(diagnostics: [Diagnostic], files: Int, milliseconds: Int)
        case listening(host: String, port: Int)
        case rebuilt(PreviewBuild.Update, diagnostics: [Diagnostic], milliseconds: Int)
    }

    public let options: Options

    public init(options: Options) { self.options = options }

    /// Builds the site, listens, and serves until SIGINT/SIGTERM (or the task is cancelled).
    public func run(events: @escaping @Sendable (Event) async -> Void) async throws {
        // A port in use is said before the first build, not after it.
        if let failure = PortProbe.failure(host: options.host, port: options.port) { throw failure }
        let start = ContinuousClock.now
        let build = await PreviewBuild(options: options.build)
        await events(.built(diagnostics: build.diagnostics, files: build.files.count, milliseconds: start.milliseconds))
        let store = ServedSiteStore()
        store.publish(build, paths: nil)
        let hub = ReloadHub()
        let siteFolder = build.siteFolder
        let responder = SiteResponder(
            store: store, hub: hub, staticFolder: siteFolder.appending(path: "static"),
            pictureFolder: siteFolder.appending(path: PictureIndex.folderName),
            hosts: ServedHosts(bound: options.host, allowed: options.allowedHosts))
        var logger = Logger(label: "linky-site.serve")
        logger.logLevel = .critical
        let host = options.host
        let idleTimeout = options.idleTimeout
        let app = Application(
            responder: responder,
            server: HTTPServerBuilder { PreviewHTTPChannel(responder: $0, idleTimeout: idleTimeout) },
            configuration: .init(address: .hostname(host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                await events(.listening(host: host, port: channel.localAddress?.port ?? 0))
            },
            logger: logger)
        let watcher = FileWatcher(root: siteFolder, skipping: [build.outputDir], quiet: options.quiet)
        let rebuilder = Rebuilder(
            build: build, watcher: watcher, changes: watcher.changes(), store: store, hub: hub, events: events)
        // Services stop in reverse order: the rebuilder ends the reload streams first, so the
        // server is not kept waiting by open browser tabs.
        let group = ServiceGroup(
            configuration: .init(
                services: [app, rebuilder], gracefulShutdownSignals: options.handlesSignals ? [.sigint, .sigterm] : [],
                logger: logger))
        do {
            try await group.run()
        } catch {
            throw Self.failure(error, host: host, port: options.port)
        }
    }

    static func failure(_ error: Error, host: String, port: Int) -> Error {
        if let error = error as? IOError {
            if error.errnoCode == EADDRINUSE { return Failure.portInUse(host: host, port: port) }
            return Failure.cannotListen(host: host, port: port, reason: "\(error)")
        }
        let text = "\(error)"
        if text.contains("Address already in use") { return Failure.portInUse(host: host, port: port) }
        if text.contains("bind") || text.contains("resolve") || text.contains("Cannot assign") {
            return Failure.cannotListen(host: host, port: port, reason: text)
        }
        return error
    }
}

/// Applies each batch of file changes to the build, publishes the result and tells the browsers.
struct Rebuilder: Service {
    let build: PreviewBuild
    let watcher: FileWatcher
    /// Started before the server listens, so no change made once it answers is missed.
    let changes: AsyncStream<Set<String>>
    let store: ServedSiteStore
    let hub: ReloadHub
    let events: @Sendable (PreviewServer.Event) async -> Void

    func run() async throws {
        var build = build
        let watcher = watcher
        let hub = hub
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                for await paths in changes {
                    let start = ContinuousClock.now
                    let hadErrors = build.hasErrors
                    let update = await build.update(paths)
                    if update == .unchanged { continue }
                    var pages: [String]?
                    switch update {
                    case .incremental(let paths):
                        store.publish(build, paths: paths)
                        // Only pages showing the link need to reload, unless the overlay comes or goes.
                        if !hadErrors, !build.hasErrors { pages = paths }
                    default: store.publish(build, paths: nil)
                    }
                    hub.send(event: "reload", data: Self.eventData(update, build: build, pages: pages))
                    await events(.rebuilt(update, diagnostics: build.diagnostics, milliseconds: start.milliseconds))
                    if build.hasDeferredFiles {
                        // The print page, feeds, links.json, the search index: after the reload, as
                        // they hold the whole collection (a second or so on a big site).
                        let deferred = await build.renderDeferred()
                        store.publish(build, paths: deferred)
                        hub.send(
                            event: "reload",
                            data: Self.eventData(
                                .incremental(deferred), build: build, pages: deferred + ["search/index.html"],
                                kind: "deferred"))
                        await events(
                            .rebuilt(
                                .incremental(deferred), diagnostics: build.diagnostics, milliseconds: start.milliseconds
                            ))
                    }
                }
            } onGracefulShutdown: {
                watcher.stop()
                hub.close()
            }
        } onCancel: {
            watcher.stop()
            hub.close()
        }
    }

    /// `{"kind":"incremental","files":3,"errors":false,"pages":[…]}`: with `pages`, only those reload.
    static func eventData(
        _ update: PreviewBuild.Update, build: PreviewBuild, pages: [String]?, kind overriding: String? = nil
    ) -> String {
        let kind: String
        var count = 0
        switch update {
        case .unchanged: kind = "unchanged"
        case .incremental(let paths):
            kind = "incremental"
            count = paths.count
        case .full:
            kind = "full"
            count = build.files.count
        case .staticFiles: kind = "static"
        case .failed: kind = "failed"
        }
        var data = "{\"kind\":\"\(overriding ?? kind)\",\"files\":\(count),\"errors\":\(build.hasErrors)"
        if let pages, let json = try? JSONEncoder().encode(pages) {
            data += ",\"pages\":" + String(decoding: json, as: UTF8.self)
        }
        return data + "}"
    }
}

extension ContinuousClock.Instant {
    var milliseconds: Int {
        let (seconds, attoseconds) = duration(to: .now).components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }
}
