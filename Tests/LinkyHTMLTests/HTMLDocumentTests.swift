import Foundation
import LinkyHTML
import Testing

@Suite struct CharsetTests {
    /// "한글 제목" in EUC-KR.
    static let hangulEUCKR: [UInt8] = [0xC7, 0xD1, 0xB1, 0xDB, 0x20, 0xC1, 0xA6, 0xB8, 0xF1]

    @Test func headerWinsOverMeta() {
        let page = Array("<meta charset=utf-8><title>x</title>".utf8)
        #expect(Charset.detect(bytes: page, contentType: "text/html; charset=\"EUC-KR\"").iconvName == "CP949")
    }

    @Test(arguments: [
        ("<meta charset=\"euc-kr\">", "CP949"),
        ("<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=ks_c_5601-1987\">", "CP949"),
        ("<meta charset='Shift_JIS'>", "CP932"),
        ("<meta charset=iso-8859-1>", "CP1252"),
        ("<meta charset=utf-16>", "UTF-8"),
    ])
    func metaPrescan(meta: String, expected: String) {
        let page = Array("<!doctype html><head>\(meta)<title>t</title>".utf8)
        #expect(Charset.detect(bytes: page, contentType: "text/html").iconvName == expected)
    }

    @Test func fallsBackToWindows1252ForInvalidUTF8() {
        let page = Array("<title>caf".utf8) + [0xE9] + Array("</title>".utf8)
        let charset = Charset.detect(bytes: page, contentType: nil)
        #expect(charset == .windows1252)
        #expect(charset.decode(page) == "<title>café</title>")
    }

    @Test func decodesEUCKR() {
        let page = Array("<meta charset=euc-kr><title>".utf8) + Self.hangulEUCKR + Array("</title>".utf8)
        let root = HTMLDocument.parse(bytes: page)
        #expect(root.descendants(named: "title").first?.textContent == "한글 제목")
    }

    @Test func unreadableBytesBecomeReplacementCharacters() {
        let text = Charset(label: "euc-kr")!.decode([0xC7, 0xD1, 0xFF, 0x41])
        #expect(text == "한\u{FFFD}A")
    }

    @Test func shiftJIS() {
        // "日本" in Shift_JIS.
        #expect(Charset(label: "sjis")!.decode([0x93, 0xFA, 0x96, 0x7B]) == "日本")
    }
}

@Suite struct HTMLDocumentTests {
    @Test func entitiesDecodedAndMarkupDroppedInTitle() {
        let root = HTMLDocument.parse("<title>Tom &amp; Jerry &#8212; <b>bold</b> &eacute;</title>")
        // libxml2 reads markup inside <title> as elements, so text content drops it.
        #expect(root.descendants(named: "title").first?.textContent == "Tom & Jerry — bold é")
    }

    @Test func attributesAreLowerCasedAndDecoded() {
        let root = HTMLDocument.parse(#"<META PROPERTY="og:title" CONTENT="A &quot;quoted&quot; title">"#)
        let meta = root.descendants(named: "meta").first
        #expect(meta?.attribute("property") == "og:title")
        #expect(meta?.attribute("content") == #"A "quoted" title"#)
    }

    @Test func netscapeStyleListsNest() {
        let root = HTMLDocument.parse(
            """
            <DL><p>
              <DT><H3>Folder</H3>
              <DL><p>
                <DT><A HREF="https://a.example/">A</A>
                <DD>About A
              </DL><p>
              <DT><A HREF="https://b.example/">B</A>
            </DL><p>
            """)
        let anchors = root.descendants(named: "a").map { $0.attribute("href") }
        #expect(anchors == ["https://a.example/", "https://b.example/"])
        #expect(root.descendants(named: "dl").count == 2)
    }

    @Test func hostileDepthDoesNotCrash() {
        let deep = String(repeating: "<div>", count: 100_000) + "x"
        let root = HTMLDocument.parse(deep)
        #expect(root.name == "html" || root.name == "div")
    }
}
