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
        let port = try Self.port(servedOn: out)

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

    /// Issue 39: `Host: attacker.example` (a page reading the preview through DNS rebinding) gets 403;
    /// the preview's own names, and `--allow-host` ones, are answered.
    @Test func servesOnlyItsOwnHostNames() throws {
        let site = try cli.temporarySite(["links/a.md": CommandLineTests.good])
        defer { try? FileManager.default.removeItem(at: site) }
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["serve", site.path, "--port", "0", "--allow-host", "preview.example"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let port = try Self.port(servedOn: out)
        // Through Python: a request with a Host header of our choosing.
        func status(_ host: String, _ path: String = "/") throws -> String {
            let script = """
                import http.client, sys
                c = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=20)
                c.putrequest("GET", sys.argv[3], skip_host=True)
                c.putheader("Host", sys.argv[2])
                c.endheaders()
                r = c.getresponse()
                print(r.status, r.read(200).decode() if r.status == 403 else "")
                """
            return try cli.run(["-c", script, port, host, path], executable: URL(fileURLWithPath: "/usr/bin/python3"))
                .stdout
        }
        let refused = try status("attacker.example")
        #expect(refused.hasPrefix("403 This preview answers only its own host names"), "\(refused)")
        #expect(try status("attacker.example:\(port)").hasPrefix("403"))
        #expect(try status("attacker.example:\(port)", "/__linky/events").hasPrefix("403"))
        #expect(try status("localhost:\(port)").hasPrefix("200"))
        #expect(try status("127.0.0.1:\(port)").hasPrefix("200"))
        #expect(try status("preview.example:\(port)").hasPrefix("200"))
    }

    /// The port a running `serve` names in its first line ("Serving http://127.0.0.1:PORT/"), read up
    /// to that line without waiting for the end of the output.
    static func port(servedOn out: Pipe) throws -> String {
        var firstLine = ""
        let deadline = Date().addingTimeInterval(60)
        while !firstLine.contains("\n"), Date() < deadline {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            firstLine += String(decoding: data, as: UTF8.self)
        }
        return try #require(
            firstLine.firstMatch(of: /Serving http:\/\/127\.0\.0\.1:(\d+)\//).map { String($0.output.1) })
    }

    @Test func helpHasAnExampleAndTheExitCodes() throws {
        let help = try cli.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("linky-site serve my-links --port 8000 --open"))
        #expect(help.stdout.contains("75"))
        #expect(help.stdout.contains("--drafts"))
        #expect(help.stdout.contains("--allow-host"))
        #expect(help.stdout.contains("DNS rebinding"))
    }

    @Test func aMissingSiteFolderIs66() throws {
        let result = try cli.run(["serve", "/nonexistent/linky-site-folder"])
        #expect(result.status == 66)
    }
}
