import Foundation

/// Makes `print.pdf` from the print page with WeasyPrint, an external program: linky-site has no PDF
/// engine of its own, and WeasyPrint honours the print stylesheet (`@page`, page breaks).
struct PrintPDF: Sendable {
    /// Where the user can get WeasyPrint, for the error message when it is missing.
    static let installHint =
        "install WeasyPrint (Debian/Ubuntu: `sudo apt-get install weasyprint`; macOS: `brew install weasyprint`; "
        + "anywhere: `pip install weasyprint`), or build without --pdf"

    let executable: URL

    /// Finds `weasyprint` on the PATH (or at `LINKY_WEASYPRINT`).
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> PrintPDF? {
        if let explicit = environment["LINKY_WEASYPRINT"], FileManager.default.isExecutableFile(atPath: explicit) {
            return PrintPDF(executable: URL(fileURLWithPath: explicit))
        }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: "weasyprint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return PrintPDF(executable: candidate) }
        }
        return nil
    }

    /// The PDF's path in the output.
    static let fileName = "print.pdf"

    /// Renders `print/index.html` of `site` (an output folder) into `print.pdf` beside it; a print page
    /// split by category into `print.pdf`, `print-2.pdf`, … a PDF per page.
    func make(in site: URL) throws {
        var number = 1
        while FileManager.default.fileExists(atPath: site.appending(path: SitePaths.print(part: number)).path) {
            try make(site.appending(path: SitePaths.print(part: number)), into: site.appending(path: Self.path(number)))
            number += 1
        }
    }

    /// `print.pdf`, then `print-2.pdf`, … for the pages of a split print page.
    static func path(_ number: Int) -> String { number <= 1 ? fileName : "print-\(number).pdf" }

    private func make(_ page: URL, into pdf: URL) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--quiet", "--presentational-hints", page.path, pdf.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let lines = String(decoding: message, as: UTF8.self).split(separator: "\n").suffix(5).joined(
                separator: " | ")
            throw NSError(
                domain: "linky-site", code: Int(process.terminationStatus),
                userInfo: [NSLocalizedDescriptionKey: "WeasyPrint failed (exit \(process.terminationStatus)): \(lines)"]
            )
        }
    }
}
