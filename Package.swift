// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "linky-site",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "linky-site", targets: ["linky-site"]),
        .library(name: "LinkyBuild", targets: ["LinkyBuild"]),
        // For the fuzz targets in Fuzz/ (and other tools built on linky-site).
        .library(name: "LinkyModel", targets: ["LinkyModel"]),
        .library(name: "LinkyImport", targets: ["LinkyImport"]),
        .library(name: "LinkyCuration", targets: ["LinkyCuration"]),
        .library(name: "LinkyTemplates", targets: ["LinkyTemplates"]),
        .library(name: "LinkyImages", targets: ["LinkyImages"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.24.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        // MARK: - C libraries

        /// Debian's cmark-gfm; only `LinkyMarkdown` imports it.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        /// libxml2's forgiving HTML parser; only `LinkyHTML` imports it.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        /// Debian's libjpeg-turbo, libpng, giflib and libwebp behind a few C functions (libjpeg reports
        /// errors with longjmp, which Swift cannot catch); only `LinkyImages` imports it. scripts/release
        /// links their static archives.
        .target(
            name: "CLinkyImageCodecs",
            linkerSettings: [
                .linkedLibrary("jpeg"), .linkedLibrary("png16"), .linkedLibrary("gif"), .linkedLibrary("webp"),
                .linkedLibrary("z"), .linkedLibrary("m"),
            ]
        ),
        /// The one system call Foundation lacks: swapping two folders atomically.
        .target(name: "CLinkySystem"),
        /// SHA-256 and HMAC-SHA-512 from Debian's libcrypto (OpenSSL): pictures named after their bytes,
        /// Shaarli's signed tokens. scripts/release links its static archive.
        .target(name: "CLinkyDigest", linkerSettings: [.linkedLibrary("crypto")]),
        /// The version and commit `--version` prints: "dev" from source, stamped by scripts/release.
        .target(name: "CLinkyBuildInfo"),

        // MARK: - The pipeline

        /// Plain values: config, links, categories, tags, diagnostics, URLs and slugs.
        .target(name: "LinkyModel"),
        /// Markdown → HTML and list-file outlines, behind one lock.
        .target(name: "LinkyMarkdown", dependencies: ["CCmarkGFM", "LinkyModel"]),
        /// Mustache compiled to nodes and rendered against typed values into bytes (standard library only).
        .target(name: "LinkyTemplates"),
        /// The theme: the built-in templates (compiled in) and a site's overrides, checked when they load.
        .target(name: "LinkyTheme", dependencies: ["LinkyModel", "LinkyTemplates"], plugins: ["EmbedThemePlugin"]),
        /// load → parse → resolve → plan → render → write.
        .target(
            name: "LinkyBuild",
            dependencies: [
                "LinkyModel", "LinkyMarkdown", "LinkyTemplates", "LinkyTheme", "CLinkySystem",
                .product(name: "Yams", package: "Yams"), .product(name: "CSV", package: "CSV.swift"),
            ]
        ),

        /// Pictures as plain values: their format from their bytes, limits checked before decoding,
        /// decoding, resizing and encoding (standard library and `CLinkyImageCodecs` only).
        .target(name: "LinkyImages", dependencies: ["CLinkyImageCodecs"]),

        /// HTML pages and bookmark files as plain values: charset detection and a forgiving parser.
        .target(name: "LinkyHTML", dependencies: ["CLibXML2"]),

        /// Other apps' exports read into plain values (`ImportedBookmarks`): bookmark HTML, CSV, JSON, OPML,
        /// awesome lists, lists of addresses. Writes nothing and talks to no server, so the fuzz targets
        /// build it without the network stack (`Fuzz/`).
        .target(
            name: "LinkyImport",
            dependencies: ["LinkyModel", "LinkyBuild", "LinkyHTML", .product(name: "CSV", package: "CSV.swift")]
        ),

        /// Curation commands that edit a site's files: new, add, import, fetch, theme eject, tags rename and merge.
        .target(
            name: "LinkyCuration",
            dependencies: [
                "LinkyModel", "LinkyTheme", "LinkyBuild", "LinkyMarkdown", "LinkyHTML", "LinkyNetwork", "LinkyImages",
                "LinkyImport", "CLinkyDigest", .product(name: "Yams", package: "Yams"),
            ]
        ),

        // MARK: - The network

        /// Page metadata for add and fetch, link checking for check, bookmark services' APIs for
        /// import: everything that talks HTTP.
        .target(
            name: "LinkyNetwork",
            dependencies: [
                "LinkyModel", "LinkyHTML", "CLinkyDigest",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),

        // MARK: - The preview server

        /// `serve`: the site rendered into memory, served over HTTP, rebuilt incrementally on change.
        .target(
            name: "LinkyServe",
            dependencies: [
                "LinkyModel", "LinkyBuild", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),

        // MARK: - The command line

        .executableTarget(
            name: "linky-site",
            dependencies: [
                "LinkyBuild", "LinkyModel", "LinkyImport", "LinkyCuration", "LinkyNetwork", "LinkyServe",
                "CLinkyBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Build tooling

        /// Turns `Templates/default/` into Swift source so the binary carries its theme.
        .executableTarget(name: "EmbedTheme"),
        .plugin(name: "EmbedThemePlugin", capability: .buildTool(), dependencies: ["EmbedTheme"]),

        // MARK: - Tests

        .testTarget(name: "LinkyModelTests", dependencies: ["LinkyModel"]),
        .testTarget(name: "LinkyMarkdownTests", dependencies: ["LinkyMarkdown"]),
        .testTarget(name: "LinkyHTMLTests", dependencies: ["LinkyHTML"]),
        .testTarget(name: "LinkyImagesTests", dependencies: ["LinkyImages"], resources: [.copy("Fixtures")]),
        /// Test helpers shared by test targets: the fixture web server on 127.0.0.1, generated sites.
        .target(name: "LinkyTestSupport", path: "Tests/Support"),
        .testTarget(
            name: "LinkyNetworkTests", dependencies: ["LinkyNetwork", "LinkyModel", "LinkyHTML", "LinkyTestSupport"]
        ),
        .testTarget(name: "LinkyThemeTests", dependencies: ["LinkyTheme"]),
        /// swift-mustache is the reference our renderer is compared with, byte for byte; only tests use it.
        .testTarget(
            name: "LinkyTemplatesTests",
            dependencies: [
                "LinkyTemplates", "LinkyTheme", "LinkyBuild", "LinkyModel", "LinkyTestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(
            name: "LinkyBuildTests",
            dependencies: ["LinkyBuild", "LinkyModel", "LinkyTheme", "LinkyTemplates", "LinkyTestSupport"],
            resources: [.copy("Snapshots")]
        ),
        .testTarget(
            name: "LinkyCurationTests",
            dependencies: [
                "LinkyCuration", "LinkyImport", "LinkyBuild", "LinkyTheme", "LinkyModel", "LinkyNetwork",
                "LinkyTestSupport", "LinkyImages",
            ]
        ),
        .testTarget(
            name: "LinkyServeTests",
            dependencies: [
                "LinkyServe", "LinkyBuild", "LinkyModel",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["linky-site", "LinkyTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
