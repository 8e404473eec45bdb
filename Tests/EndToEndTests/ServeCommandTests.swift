import Foundation
import Testing

/// `linky-site serve` as a user runs it: the address on standard output, a clear error for a port
/// in use, a clean stop on SIGTERM.
@Suite struct ServeCommandTests {
    let cli = CommandLineTests()

    @Test func aPortInUseIsAClearErrorAndSIGTERMStopsCleanly() throws {
        let site = try cli.temporarySite(["links/a.md": CommandLineTests.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["serve", site.path, "--port", "0"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The first line names the address; read up to it without waiting for the end of the output.
        var firstLine = ""
        let deadline = Date().addingTimeInterval(60)
        while !firstLine.contains("\n"), Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            firstLine += String(decoding: data, as: UTF8.self)
        }
        let port = try #require(
            firstLine.firstMatch(of: /Serving http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.output.1) })

        let second = try cli.run(["serve", site.path, "--port", port])
        #expect(second.status == 75)
        #expect(second.stderr.contains("port \(port) on 127.0.0.1 is already in use"), "\(second.stderr)")

        process.terminate()
        let rest = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: stderr, as: UTF8.self))")
        _ = rest
    }

    @Test func helpHasAnExampleAndTheExitCodes() throws {
        let help = try cli.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("linky-site serve my-links --port 8000 --open"))
        #expect(help.stdout.contains("75"))
        #expect(help.stdout.contains("--drafts"))
    }

    @Test func aMissingSiteFolderIs66() throws {
        let result = try cli.run(["serve", "/nonexistent/linky-site-folder"])
        #expect(result.status == 66)
    }
}
