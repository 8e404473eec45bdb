import Foundation
import LinkyModel
import Testing

/// `link-status.json`: one failure is not death; two runs far enough apart are; any working answer
/// brings a link back.
@Suite struct LinkHealthFileTests {
    let url = try! LinkURL(parsing: "https://example.com/a")
    let day: Int64 = 86_400
    let start: Int64 = 1_795_000_000

    @Test func aLinkIsDeadOnlyAfterTwoFailingRunsADayApart() {
        var file = LinkHealthFile()
        file.record(url, state: .broken, code: 404, finalURL: nil, now: start, deadAfter: day)
        #expect(file[url]?.isDead == false && file[url]?.failedRuns == 1)
        file.record(url, state: .broken, code: 404, finalURL: nil, now: start + 3_600, deadAfter: day)
        #expect(file[url]?.isDead == false && file[url]?.failedRuns == 2, "an hour apart is not enough")
        file.record(url, state: .unreachable, code: nil, finalURL: nil, now: start + day, deadAfter: day)
        let entry = file[url]
        #expect(entry?.isDead == true && entry?.failedRuns == 3)
        #expect(entry?.deadSince == String(LinkHealthFileTests.iso(start + day).prefix(10)))
        #expect(entry?.firstFailed == LinkHealthFileTests.iso(start))
        // Dead stays dead, with the day it was found dead, while it keeps failing.
        file.record(url, state: .broken, code: 410, finalURL: nil, now: start + 5 * day, deadAfter: day)
        #expect(file[url]?.deadSince == entry?.deadSince && file[url]?.code == 410)
    }

    @Test func withNoWaitAnyTwoFailingRunsAreDeath() {
        var file = LinkHealthFile()
        file.record(url, state: .broken, code: 404, finalURL: nil, now: start, deadAfter: 0)
        #expect(file[url]?.isDead == false)
        file.record(url, state: .broken, code: 404, finalURL: nil, now: start + 1, deadAfter: 0)
        #expect(file[url]?.isDead == true)
    }

    @Test func aWorkingAnswerEndsTheSpellAndAMoveIsKept() {
        var file = LinkHealthFile()
        file.record(url, state: .unreachable, code: nil, finalURL: nil, now: start, deadAfter: 0)
        file.record(url, state: .ok, code: 200, finalURL: nil, now: start + day, deadAfter: 0)
        #expect(file[url]?.state == .ok && file[url]?.failedRuns == nil && file[url]?.firstFailed == nil)
        file.record(url, state: .unreachable, code: nil, finalURL: nil, now: start + 2 * day, deadAfter: 0)
        #expect(file[url]?.isDead == false, "a new spell starts from one failure")
        file.record(
            url, state: .moved, code: 200, finalURL: "https://example.org/a", now: start + 3 * day, deadAfter: 0)
        #expect(file[url]?.state == .moved && file[url]?.finalURL == "https://example.org/a" && !file[url]!.isDead)
    }

    @Test func theFileIsSortedAndReadsBack() throws {
        var file = LinkHealthFile()
        file.record(url, state: .broken, code: 404, finalURL: nil, now: start, deadAfter: 0)
        file.record(
            try LinkURL(parsing: "https://b.example/"), state: .ok, code: 200, finalURL: nil, now: start, deadAfter: 0)
        let bytes = file.encoded()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""failed_runs" : 1"#) && text.hasSuffix("}\n"))
        #expect(try LinkHealthFile.decode(bytes) == file)
    }

    static func iso(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
