import Foundation
import Testing

@testable import LinkyModel

/// Which links are repositories whose project data `fetch` reads (issue 44): any address inside a
/// repository names it; the forges' own pages, profiles and gists do not.
@Suite struct ProjectAddressTests {
    @Test(arguments: [
        // Addresses as awesome-go, awesome-selfhosted and awesome-rust write them.
        ("https://github.com/gin-gonic/gin", "github.com/gin-gonic/gin", "gin-gonic/gin"),
        ("https://github.com/avelino/awesome-go/", "github.com/avelino/awesome-go", "avelino/awesome-go"),
        ("http://www.github.com/Netflix/chaosmonkey", "github.com/netflix/chaosmonkey", "Netflix/chaosmonkey"),
        ("https://github.com/apple/swift.git", "github.com/apple/swift", "apple/swift"),
        ("https://github.com/apple/swift/tree/main/docs", "github.com/apple/swift", "apple/swift"),
        ("https://github.com/go-kit/kit#readme", "github.com/go-kit/kit", "go-kit/kit"),
        ("https://github.com/owner/owner.github.io", "github.com/owner/owner.github.io", "owner/owner.github.io"),
        (
            "https://github.com/rust-lang/rust/blob/master/README.md?plain=1", "github.com/rust-lang/rust",
            "rust-lang/rust"
        ),
        ("https://gitlab.com/gitlab-org/gitlab", "gitlab.com/gitlab-org/gitlab", "gitlab-org/gitlab"),
        ("https://gitlab.com/group/sub/project/-/issues/3", "gitlab.com/group/sub/project", "group/sub/project"),
        ("https://gitlab.com/inkscape/inkscape/tree/master", "gitlab.com/inkscape/inkscape", "inkscape/inkscape"),
        ("https://codeberg.org/forgejo/forgejo", "codeberg.org/forgejo/forgejo", "forgejo/forgejo"),
        (
            "https://codeberg.org/Freeyourgadget/Gadgetbridge/releases", "codeberg.org/freeyourgadget/gadgetbridge",
            "Freeyourgadget/Gadgetbridge"
        ),
    ])
    func aRepositoryAddressNamesItsProject(address: String, key: String, path: String) throws {
        let project = try #require(ProjectAddress(address))
        #expect(project.key == key)
        #expect(project.path == path)
    }

    @Test(arguments: [
        "https://github.com/", "https://github.com/gin-gonic", "https://github.com/features/actions",
        "https://github.com/topics/go", "https://github.com/sponsors/someone", "https://github.com/orgs/x/repositories",
        "https://gist.github.com/user/0123abcd", "https://github.com/marketplace/actions/checkout",
        "https://raw.githubusercontent.com/a/b/main/x", "https://gitlab.com/explore/projects",
        "https://gitlab.com/someone", "https://codeberg.org/explore/repos", "https://codeberg.org/user/login",
        "https://example.com/a/b", "ftp://github.com/a/b", "https://github.com/a%2Fb/c", "https://github.com/-a-/b",
        "https://github.com/a/..",
    ])
    func otherAddressesNameNone(address: String) {
        #expect(ProjectAddress(address) == nil)
    }

    @Test func theInstancesASiteNamesAreForgesToo() throws {
        let hosts = ProjectAddress.Hosts(gitlab: ["GitLab.GNOME.org"], gitea: ["git.example.org"])
        let gnome = try #require(ProjectAddress("https://gitlab.gnome.org/GNOME/gtk/-/merge_requests", hosts: hosts))
        #expect(gnome.forge == .gitlab && gnome.key == "gitlab.gnome.org/gnome/gtk")
        let gitea = try #require(ProjectAddress("https://git.example.org/team/tool.git", hosts: hosts))
        #expect(gitea.forge == .gitea && gitea.url == "https://git.example.org/team/tool")
        #expect(ProjectAddress("https://gitlab.gnome.org/GNOME/gtk") == nil, "not named: not a forge")
    }
}

/// `projects.json`: committed, sorted, read back as written; a newer format is refused; staleness is
/// counted from the day of the fetch, not the day of the build.
@Suite struct ProjectDataTests {
    @Test func theFileIsReadBackAsWrittenAndSorted() throws {
        var data = ProjectData()
        var gin = ProjectData.Project(forge: .github, fetched: "2026-11-28")
        gin.stars = 81_234
        gin.updated = "2026-11-20"
        gin.license = "MIT"
        gin.language = "Go"
        gin.release = .init(tag: "v1.10.0", date: "2024-05-07")
        data[try #require(ProjectAddress("https://github.com/gin-gonic/gin"))] = gin
        var old = ProjectData.Project(forge: .gitlab, fetched: "2026-11-28")
        old.archived = true
        old.movedTo = "https://gitlab.com/new/place"
        data.projects["gitlab.com/a/b"] = old
        let bytes = data.encoded()
        let text = try #require(String(data: bytes, encoding: .utf8))
        #expect(try ProjectData.decode(bytes) == data)
        #expect(text.hasSuffix("}\n"))
        let a = try #require(text.range(of: "gitlab.com/a/b")),
            g = try #require(text.range(of: "github.com/gin-gonic/gin"))
        #expect(g.lowerBound < a.lowerBound, "keys sorted")
        #expect(text.contains("\"moved_to\" : \"https://gitlab.com/new/place\""))
        #expect(throws: MetadataCache.Failure.self) {
            try ProjectData.decode(Data("{\"version\": 2, \"projects\": {}}".utf8))
        }
    }

    @Test func staleIsCountedFromTheDayOfTheFetch() {
        var project = ProjectData.Project(forge: .github, fetched: "2026-11-28")
        project.updated = "2025-11-28T10:00:00Z"
        #expect(!project.isStale(after: 365))
        project.updated = "2025-11-27"
        #expect(project.isStale(after: 365))
        #expect(!project.isStale(after: 400))
        project.updated = nil
        #expect(!project.isStale(after: 1), "no date, no claim")
    }
}

/// Staleness counts whole days between two days, as `Calendar` would.
@Suite struct ProjectDayTests {
    @Test func dayNumbersAreCalendarDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for text in ["1970-01-01", "2000-02-29", "2024-03-01", "2026-11-28T08:00:00Z", "1999-12-31", "2100-03-01"] {
            let parts = text.prefix(10).split(separator: "-").map { Int($0)! }
            let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
            #expect(ProjectData.Project.dayNumber(text) == Int(date.timeIntervalSince1970 / 86_400), "\(text)")
        }
        for text in ["", "2026-13-01", "2026-1-01", "yesterday", "2026/11/28"] {
            #expect(ProjectData.Project.dayNumber(text) == nil, "\(text)")
        }
        var project = ProjectData.Project(forge: .github, fetched: "2026-11-28")
        project.updated = "2025-11-28"
        #expect(!project.isStale(after: 365))
        project.updated = "2025-11-27"
        #expect(project.isStale(after: 365))
    }
}
