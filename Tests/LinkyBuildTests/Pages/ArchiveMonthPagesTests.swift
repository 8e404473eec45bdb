import Foundation
import LinkyBuild
import Testing

/// A year of more than 10,000 links has a page per month, so that no archive page nears the 25 MiB a
/// file some hosts allow (a million links put some 90,000 in a year: an 88 MiB page).
@Suite struct ArchiveMonthPagesTests {
    @Test func aLargeYearHasAPagePerMonthAndASmallYearStaysWhole() async throws {
        // 10,200 links in 2024, 30 a day from its first day; 5 in 2023.
        var files = ["linky.yml": "title: Many\nbase_url: https://example.com/\n"]
        let days = Calendar(identifier: .gregorian)
        let start = try #require(days.date(from: DateComponents(year: 2024, month: 1, day: 1)))
        let format = DateFormatter()
        format.dateFormat = "yyyy-MM-dd"
        format.timeZone = TimeZone(identifier: "UTC")
        format.calendar = days
        var perMonth: [String: Int] = [:]
        for n in 0..<10_200 {
            let day = format.string(from: days.date(byAdding: .day, value: n / 30, to: start)!)
            perMonth[String(day.prefix(7)), default: 0] += 1
            files["links/l\(n).md"] = TestSite.link(url: "https://a.example/\(n)", title: "Link \(n)", date: day)
        }
        for n in 0..<5 {
            files["links/old\(n).md"] = TestSite.link(
                url: "https://b.example/\(n)", title: "Old \(n)", date: "2023-06-0\(n + 1)")
        }
        let site = try TestSite(files)
        defer { site.remove() }
        let report = await site.build()
        #expect(report.outcome == .success, "\(report.diagnostics.prefix(3))")

        // The year's page lists its months, each a link to its page, and no link.
        let year = try site.read("archive/2024/index.html")
        #expect(!year.contains("class=\"row"))
        let january = try #require(perMonth["2024-01"])
        #expect(
            year.contains(
                #"<a href="../../archive/2024/01/index.html">January 2024 <span class="count">\#(january)</span></a>"#),
            "\(year.prefix(3000))")
        // Each month's page holds its links, no other, and names its year.
        var listed = 0
        for (month, count) in perMonth {
            let page = try site.read("archive/\(month.replacingOccurrences(of: "-", with: "/"))/index.html")
            let items = page.components(separatedBy: "<li class=\"row").count - 1
            #expect(items == count, "\(month)")
            listed += items
            #expect(page.contains(#"aria-current="page""#))
            #expect(page.contains(#"<a href="../../../archive/2024/index.html">2024</a>"#))
        }
        #expect(listed == 10_200)
        // The archive's own page links months to their pages; a small year keeps one page of its links.
        let archive = try site.read("archive/index.html")
        #expect(archive.contains(#"href="../archive/2024/03/index.html""#))
        // Counts as the language writes numbers: 10,205 links, 10,200 of them in 2024.
        #expect(archive.contains(#"<h1>Archive <span class="count">10,205</span></h1>"#), "\(archive.prefix(2000))")
        #expect(archive.contains(#"2024 <span class="count">10,200</span>"#))
        let old = try site.read("archive/2023/index.html")
        #expect(old.components(separatedBy: "<li class=\"row").count - 1 == 5)
        #expect(old.contains(##"<a href="#m-2023-06">June 2023"##))
        #expect(!FileManager.default.fileExists(atPath: site.output.appending(path: "archive/2023/06").path))
        // Every month's page is in the sitemap.
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("/archive/2024/12/index.html</loc>"))
    }
}
