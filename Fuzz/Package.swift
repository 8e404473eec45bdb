// swift-tools-version: 6.1
// libFuzzer targets for linky-site's parsers. Not part of the main package: build and run them with
// Fuzz/run (it passes `-sanitize=address` and libFuzzer's coverage flags).
// Each target depends on the smallest product that holds its parser: everything here is compiled with
// AddressSanitizer and coverage, and LinkyCuration would bring the network stack (SwiftNIO,
// AsyncHTTPClient, two copies of BoringSSL) into that build for nothing — the import readers are
// LinkyImport.
import PackageDescription

let package = Package(
    name: "linky-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "linky-site", path: "..")],
    targets: [
        /// Declares libFuzzer's driver, which each target's main calls.
        .target(name: "CFuzzerDriver"),
        /// Front matter and link files (and whatever else a content file can be).
        .executableTarget(
            name: "FuzzContentFile",
            dependencies: ["CFuzzerDriver", .product(name: "LinkyBuild", package: "linky-site")]),
        /// Awesome-list files.
        .executableTarget(
            name: "FuzzListFile", dependencies: ["CFuzzerDriver", .product(name: "LinkyBuild", package: "linky-site")]),
        /// Netscape bookmark files, through libxml2's HTML parser.
        .executableTarget(
            name: "FuzzNetscape",
            dependencies: ["CFuzzerDriver", .product(name: "LinkyImport", package: "linky-site")]),
        /// The other import formats: CSV, JSON exports, OPML, lists of addresses, Pocket's HTML.
        .executableTarget(
            name: "FuzzImport",
            dependencies: ["CFuzzerDriver", .product(name: "LinkyImport", package: "linky-site")]),
        /// The Mustache parser and renderer of themes.
        .executableTarget(
            name: "FuzzTemplate",
            dependencies: ["CFuzzerDriver", .product(name: "LinkyTemplates", package: "linky-site")]),
        /// Picture decoding (JPEG, PNG, GIF, WebP through Debian's libraries), resizing and encoding.
        .executableTarget(
            name: "FuzzImage", dependencies: ["CFuzzerDriver", .product(name: "LinkyImages", package: "linky-site")]),
        /// URL validation and normalisation (IRI → URI, punycode, comparison keys).
        .executableTarget(
            name: "FuzzURL", dependencies: ["CFuzzerDriver", .product(name: "LinkyModel", package: "linky-site")]),
    ],
    swiftLanguageModes: [.v6]
)
