import Foundation
import Testing

@testable import LinkyModel

@Suite("Punycode")
struct PunycodeTests {

    // MARK: - RFC 3492 samples

    /// RFC 3492 §7.1 samples (plus the classic "bücher"), cross-checked against Python's punycode codec.
    static let samples: [Sample] = [
        Sample(unicode: "bücher", encoded: "bcher-kva"),
        Sample(unicode: "ليهمابتكلموشعربي؟", encoded: "egbpdaj6bu4bxfgehfvwxn"),
        Sample(unicode: "他们为什么不说中文", encoded: "ihqwcrb4cv8a8dqg056pqjye"),
        Sample(unicode: "他們爲什麽不說中文", encoded: "ihqwctvzc91f659drss3x8bo0yb"),
        Sample(unicode: "Pročprostěnemluvíčesky", encoded: "Proprostnemluvesky-uyb24dma41a"),
        Sample(unicode: "למההםפשוטלאמדבריםעברית", encoded: "4dbcagdahymbxekheh6e0a7fei0b"),
        Sample(unicode: "なぜみんな日本語を話してくれないのか", encoded: "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
        Sample(
            unicode: "세계의모든사람들이한국어를이해한다면얼마나좋을까",
            encoded: "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"
        ),
        Sample(unicode: "3年B組金八先生", encoded: "3B-ww4c5e180e575a65lsy2b"),
        Sample(unicode: "安室奈美恵-with-SUPER-MONKEYS", encoded: "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        Sample(unicode: "ひとつ屋根の下2", encoded: "2-u9tlzr9756bt3uc0v"),
        Sample(unicode: "MajiでKoiする5秒前", encoded: "MajiKoi5-783gue6qz075azm5e"),
        Sample(unicode: "パフィーdeルンバ", encoded: "de-jg4avhby1noc0d"),
        Sample(unicode: "そのスピードで", encoded: "d9juau41awczczp"),
        Sample(unicode: "-> $1.00 <-", encoded: "-> $1.00 <--"),
    ]

    @Test(arguments: samples)
    func encodesRFCSample(_ sample: Sample) {
        #expect(Punycode.encode(sample.unicode) == sample.encoded)
    }

    @Test(arguments: samples)
    func decodesRFCSampleBack(_ sample: Sample) throws {
        let decoded = try #require(Punycode.decode(sample.encoded))
        // Compare scalars: String == would hide a normalisation difference.
        #expect(Array(decoded.unicodeScalars) == Array(sample.unicode.unicodeScalars))
    }

    @Test func rejectsInvalidInput() {
        #expect(Punycode.decode("ab$c") == nil)
        #expect(Punycode.decode("한국") == nil)
        #expect(Punycode.decode("99999999999a") == nil)
    }

    // MARK: - Hosts

    @Test func convertsHostsToASCII() {
        #expect(Punycode.toASCII(host: "한국.kr") == "xn--3e0b707e.kr")
        #expect(Punycode.toASCII(host: "Bücher。Example．COM.") == "xn--bcher-kva.example.com")
        #expect(Punycode.toASCII(host: "xn--bcher-kva.example") == "xn--bcher-kva.example")
    }

    @Test(arguments: [
        "a..b", ".example", "exa mple.com", "evil／path.com", "xn--abc-", "xn--zza",
        String(repeating: "a", count: 64) + ".com",
        String(repeating: "a.", count: 127) + "com",
    ])
    func refusesInvalidHost(_ host: String) {
        #expect(Punycode.toASCII(host: host) == nil)
    }

    @Test func convertsHostsToUnicode() {
        #expect(Punycode.toUnicode(host: "xn--3e0b707e.kr") == "한국.kr")
        #expect(Punycode.toUnicode(host: "XN--BCHER-KVA.example") == "bücher.example")
        #expect(Punycode.toUnicode(host: "xn--zz!.example") == "xn--zz!.example")
        #expect(Punycode.toUnicode(host: "xn--abc-.example") == "xn--abc-.example")
    }
}

@Suite("LinkURL")
struct LinkURLTests {

    // MARK: - IRI → URI

    @Test func encodesNonASCIIPath() throws {
        let url = try LinkURL(parsing: "https://ko.wikipedia.org/wiki/김치")
        #expect(url.absoluteString == "https://ko.wikipedia.org/wiki/%EA%B9%80%EC%B9%98")
        #expect(url.displayString == "https://ko.wikipedia.org/wiki/김치")
        #expect(url.host == "ko.wikipedia.org")
        #expect(url.description == url.absoluteString)
    }

    @Test func encodesIDNHost() throws {
        let korean = try LinkURL(parsing: "https://한국.kr/경로")
        #expect(korean.host == "xn--3e0b707e.kr")
        #expect(korean.absoluteString == "https://xn--3e0b707e.kr/%EA%B2%BD%EB%A1%9C")
        #expect(korean.displayString == "https://한국.kr/경로")
        #expect(korean.displayHost == "한국.kr")

        let german = try LinkURL(parsing: "https://www.bücher.example/")
        #expect(german.absoluteString == "https://www.xn--bcher-kva.example/")
        #expect(german.displayHost == "bücher.example")
    }

    @Test func normalisesDecomposedInput() throws {
        let composed = "https://example.com/맛집"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(decomposed.unicodeScalars.count > composed.unicodeScalars.count)
        let a = try LinkURL(parsing: composed)
        let b = try LinkURL(parsing: decomposed)
        #expect(Array(a.absoluteString.utf8) == Array(b.absoluteString.utf8))
    }

    @Test func lowercasesSchemeAndHostAndDropsDefaultPort() throws {
        let url = try LinkURL(parsing: "HTTPS://Example.COM:443/Path")
        #expect(url.scheme == "https")
        #expect(url.absoluteString == "https://example.com/Path")
        #expect(try LinkURL(parsing: "http://example.com:80").absoluteString == "http://example.com/")
        #expect(try LinkURL(parsing: "https://example.com:8443").absoluteString == "https://example.com:8443/")
    }

    @Test func acceptsWrappedAndSpacedInput() throws {
        #expect(try LinkURL(parsing: "  <https://example.com/x>  ").absoluteString == "https://example.com/x")
        #expect(try LinkURL(parsing: "https://example.com/a b").absoluteString == "https://example.com/a%20b")
    }

    @Test func keepsAndUppercasesExistingEscapes() throws {
        let url = try LinkURL(parsing: "https://example.com/%e2%82%ac")
        #expect(url.absoluteString == "https://example.com/%E2%82%AC")
        #expect(url.displayString == "https://example.com/€")
    }

    @Test func encodesLonePercentAndBackslash() throws {
        #expect(try LinkURL(parsing: "https://example.com/100%").absoluteString == "https://example.com/100%25")
        #expect(try LinkURL(parsing: "https://example.com/5%zz").absoluteString == "https://example.com/5%25zz")
        #expect(try LinkURL(parsing: "https://example.com/a\\b").absoluteString == "https://example.com/a%5Cb")
    }

    @Test func keepsStructuralEscapesEncodedForDisplay() throws {
        let url = try LinkURL(parsing: "https://example.com/a%2Fb%20c?q=caf%C3%A9&x=%26#%EC%84%B9")
        #expect(url.displayString == "https://example.com/a%2Fb%20c?q=café&x=%26#섹")
        #expect(try LinkURL(parsing: "https://example.com/%FF").displayString == "https://example.com/%FF")
    }

    @Test func keepsFragmentAfterCombiningMark() throws {
        // "#" followed by U+200D is one Character; it must still start the fragment.
        let url = try LinkURL(parsing: "https://example.com/p?q#\u{200D}x")
        #expect(url.absoluteString == "https://example.com/p?q#%E2%80%8Dx")
        #expect(url.comparisonKey == "//example.com/p?q=")
    }

    @Test func parsesAuthorityParts() throws {
        #expect(
            try LinkURL(parsing: "https://user:pässword@example.com/").absoluteString
                == "https://user:p%C3%A4ssword@example.com/")
        let ipv6 = try LinkURL(parsing: "https://[2001:DB8::1]:8080/x")
        #expect(ipv6.absoluteString == "https://[2001:db8::1]:8080/x")
        #expect(ipv6.host == "[2001:db8::1]")
        #expect(try LinkURL(parsing: "https://example.com./").host == "example.com")
    }

    @Test func acceptsOpaqueSchemeWhenAllowed() throws {
        let url = try LinkURL(parsing: "mailto:someone@example.com", allowedSchemes: ["http", "https", "mailto"])
        #expect(url.absoluteString == "mailto:someone@example.com")
        #expect(url.scheme == "mailto")
        #expect(url.host == "")
        #expect(url.displayHost == "")
        #expect(url.comparisonKey == "mailto:someone@example.com")
    }

    // MARK: - Duplicate detection

    @Test func ignoresCosmeticDifferencesInComparisonKey() throws {
        let noisy = try LinkURL(parsing: "HTTPS://Example.COM:443/a/?utm_source=x#top")
        let plain = try LinkURL(parsing: "http://example.com/a")
        #expect(noisy.comparisonKey == plain.comparisonKey)
        #expect(plain.comparisonKey == "//example.com/a")
        #expect(noisy != plain)
    }

    /// Tracking parameters dropped, the rest in order of name (see LinkURLQueryTests).
    @Test func dropsTrackingParametersOnly() throws {
        let url = try LinkURL(parsing: "https://example.com/p?b=2&utm_medium=x&a=1&fbclid=z&UTM_Campaign=y")
        #expect(url.comparisonKey == "//example.com/p?a=1&b=2")
        #expect(try LinkURL(parsing: "https://example.com?").comparisonKey == "//example.com/")
    }

    @Test func normalisesEscapesInComparisonKey() throws {
        #expect(try LinkURL(parsing: "https://example.com/%7euser/%2f").comparisonKey == "//example.com/~user/%2F")
    }

    @Test func distinguishesQueryValues() throws {
        let one = try LinkURL(parsing: "https://example.com/?a=1")
        let two = try LinkURL(parsing: "https://example.com/?a=2")
        #expect(one.comparisonKey != two.comparisonKey)
        #expect(one < two)
    }

    // MARK: - Errors

    static let failures: [FailureCase] = [
        FailureCase("", .empty),
        FailureCase("   ", .empty),
        FailureCase("javascript:alert(1)", .unsafeScheme("javascript"), allowed: ["javascript", "https"]),
        FailureCase(" JAVASCRIPT:alert(1)", .unsafeScheme("javascript"), allowed: ["javascript"]),
        FailureCase("JaVaScRiPt:alert(1)", .unsafeScheme("javascript")),
        FailureCase("java\tscript:alert(1)", .unsafeScheme("javascript")),
        FailureCase("data:text/html,<script>alert(1)</script>", .unsafeScheme("data"), allowed: ["data"]),
        FailureCase("vbscript:x", .unsafeScheme("vbscript"), allowed: ["vbscript"]),
        FailureCase("file:///etc/passwd", .unsafeScheme("file"), allowed: ["file"]),
        FailureCase("ftp://x", .unsupportedScheme("ftp")),
        FailureCase("example.com", .missingScheme("example.com")),
        FailureCase("localhost:3000", .missingScheme("localhost:3000")),
        FailureCase("https://", .missingHost),
        FailureCase("https://exa mple.com", .invalidHost("exa mple.com")),
        FailureCase("https://a..b/", .invalidHost("a..b")),
        FailureCase("https://exa%41mple.com", .invalidHost("exa%41mple.com")),
        FailureCase("https://[zz::1]/", .invalidHost("[zz::1]")),
        FailureCase("https://example.com:99999", .invalidPort("99999")),
        FailureCase("https://example.com/a\tb", .containsWhitespaceOrControl),
        FailureCase("https://example.com/a\nb", .containsWhitespaceOrControl),
        FailureCase("https://example.com/\u{202E}txt.exe", .containsWhitespaceOrControl),
        FailureCase("https://example.com\\@evil.example/", .malformed("a backslash appears in the host part")),
    ]

    @Test(arguments: failures)
    func refuses(_ failure: FailureCase) {
        #expect(throws: failure.error) {
            try LinkURL(parsing: failure.input, allowedSchemes: failure.allowed)
        }
    }

    @Test func explainsErrors() {
        #expect(LinkURLError.unsafeScheme("javascript").message == "the URL scheme \"javascript\" is not allowed")
        #expect(LinkURLError.unsafeScheme("javascript").hint == "use an http:// or https:// address")
        #expect(LinkURLError.missingScheme("example.com/x").hint.contains("https://example.com/x"))
    }
}

// MARK: - Fixtures

extension PunycodeTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        let unicode: String
        let encoded: String
        var testDescription: String { encoded }
    }
}

extension LinkURLTests {
    struct FailureCase: Sendable, CustomTestStringConvertible {
        let input: String
        let error: LinkURLError
        let allowed: Set<String>

        init(_ input: String, _ error: LinkURLError, allowed: Set<String> = ["http", "https"]) {
            self.input = input
            self.error = error
            self.allowed = allowed
        }

        var testDescription: String { input.debugDescription }
    }
}

@Suite struct LinkURLScalarTests {
    /// The ASCII shortcut of the control check: exactly the ASCII controls (tab and line breaks
    /// among them) are refused inside an address; every other ASCII character is taken.
    @Test func asciiControlsAndOnlyThemAreRefused() {
        for value in UInt32(0)..<0x80 {
            let character = String(Unicode.Scalar(value)!)
            var refused = false
            do {
                _ = try LinkURL(parsing: "https://example.com/a" + character + "b")
            } catch {
                refused = error == .containsWhitespaceOrControl
            }
            let isControl = Unicode.Scalar(value)!.properties.generalCategory == .control
            #expect(refused == isControl, "U+\(String(value, radix: 16))")
        }
        // A scheme hidden by ASCII controls or spaces is still refused as that scheme.
        #expect(throws: LinkURLError.unsafeScheme("javascript")) { try LinkURL(parsing: "java\tscript:alert(1)") }
        #expect(throws: LinkURLError.unsafeScheme("javascript")) { try LinkURL(parsing: "jav\u{7F}ascript:alert(1)") }
    }
}
