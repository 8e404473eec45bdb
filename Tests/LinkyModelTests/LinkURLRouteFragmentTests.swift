import LinkyModel
import Testing

/// A fragment that routes a single-page app is part of the address for finding duplicates; a
/// fragment that names a place on the page is not (issue 40: 3 links of a real Pocket export and 2 of
/// a Pinboard one were lost as "duplicates").
@Suite struct LinkURLRouteFragmentTests {
    func key(_ text: String) throws -> String {
        try LinkURL(parsing: text).comparisonKey
    }

    @Test func routesAreDistinct() throws {
        #expect(
            try key("https://mail.google.com/mail/u/0/#inbox/FMfcgzGxSHtw")
                != key("https://mail.google.com/mail/u/0/#inbox/FMfcgzGxSHzz"))
        #expect(
            try key("https://groups.google.com/forum/#!topic/golang-nuts/abc")
                != key("https://groups.google.com/forum/#!topic/golang-nuts/xyz"))
        #expect(try key("https://app.example/#/settings") != key("https://app.example/#/profile"))
        #expect(try key("https://app.example/#/settings") != key("https://app.example/"))
        #expect(try key("https://twitter.com/#!/swiftlang") != key("https://twitter.com/"))
    }

    @Test func sectionsAreNot() throws {
        #expect(try key("https://example.com/page#section") == key("https://example.com/page"))
        #expect(try key("https://example.com/page#a") == key("https://example.com/page#b"))
        #expect(try key("https://example.com/page#") == key("https://example.com/page"))
    }

    @Test func routesAreComparedNormalised() throws {
        #expect(try key("HTTP://Mail.Google.com/mail/#inbox/abc") == key("https://mail.google.com/mail#inbox/abc"))
        #expect(try key("https://app.example/#/caf%c3%a9") == key("https://app.example/#/café"))
    }

    @Test(arguments: [
        ("!topic/x", true), ("/settings", true), ("inbox/FMfcg", true), ("section", false), ("top", false),
        ("", false), ("L10-L20", false),
    ])
    func rule(fragment: String, isRoute: Bool) {
        #expect(LinkURL.isRoute(fragment) == isRoute)
    }
}
