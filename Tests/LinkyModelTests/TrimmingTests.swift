import Foundation
import Testing

@testable import LinkyModel

@Suite struct TrimmingTests {
    /// The fast trim gives what Foundation's `.whitespacesAndNewlines` trim gives, on every kind of
    /// space and line break Unicode has, around and inside text (Hangul, emoji, combining marks),
    /// and alone or after a letter for every scalar of the BMP.
    @Test func trimmingMatchesFoundation() {
        var spaces: [Character] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { spaces.append(Character(scalar)) }
        }
        #expect(spaces.count > 20)
        let cores = ["", "a", "맛집", "e\u{301}", "👩‍💻 note", "line one\n\nline two", "x\u{2028}y", "\u{200B}z"]
        var random = SystemRandomNumberGenerator()
        for core in cores {
            for _ in 0..<200 {
                let before = String((0..<Int.random(in: 0...3, using: &random)).map { _ in spaces.randomElement()! })
                let after = String((0..<Int.random(in: 0...3, using: &random)).map { _ in spaces.randomElement()! })
                let text = before + core + after
                #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar)
            #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
