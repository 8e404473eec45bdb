import Foundation

/// The search page's word rules, in Swift: the sharded index is keyed by the words the page's script
/// would find, so `fold` and `words` here must give what `fold` and `words` in `assets/search.js` give
/// (NFD, drop U+0300–U+036F, NFC, JavaScript's `toLowerCase`, split on anything but `\p{L}\p{N}`).
///
/// Words are UTF-16 code units: the script compares and sorts strings by code unit, and the shards'
/// key ranges must sort the same way on both sides.
enum SearchText {
    typealias Word = [UInt16]

    /// The folded words of `text`, in order (repeats kept).
    static func words(_ text: String) -> [Word] {
        var result: [Word] = []
        var scratch: Word = []
        forEachWord(text, scratch: &scratch) { result.append(Array($0)) }
        return result
    }

    /// `words(text)` one at a time, each handed to `body` in `scratch`, a buffer reused from word to
    /// word (and from call to call): the search index finds millions of words, and an array for each
    /// was most of its time.
    static func forEachWord(
        _ text: String, scratch: inout Word, _ body: (UnsafeBufferPointer<UInt16>) -> Void
    ) {
        // ASCII is cut from its bytes in place (a string whose bytes are not contiguous takes the
        // scalar path, which gives the same words).
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard isASCII(bytes) else { return false }
            asciiWords(bytes, scratch: &scratch, body)
            return true
        }
        if ascii == true {
            return
        } else if text.unicodeScalars.allSatisfy(foldsToItself) {
            // Hangul syllables and jamo, ASCII and most punctuation come out of NFD-then-NFC as they
            // went in, with no accents and no case but ASCII's: the common Korean text skips the
            // normalising, and `split` lowers its ASCII letters.
            split(text.unicodeScalars, scratch: &scratch, body)
        } else {
            split(fold(text).unicodeScalars, scratch: &scratch, body)
        }
    }

    /// Cuts scalars into words of `\p{L}\p{N}`, ASCII letters lowered (all other case is folded
    /// before): ASCII and Hangul syllables without a property lookup.
    private static func split(
        _ scalars: String.UnicodeScalarView, scratch current: inout Word, _ body: (UnsafeBufferPointer<UInt16>) -> Void
    ) {
        current.removeAll(keepingCapacity: true)
        for scalar in scalars {
            let value = scalar.value
            let isWord: Bool
            switch value {
            case 0x61...0x7A, 0x30...0x39, 0xAC00...0xD7A3: isWord = true
            case 0x41...0x5A:
                current.append(UInt16(value + 32))
                continue
            case 0..<0x80: isWord = false
            default: isWord = isWordScalar(scalar)
            }
            if isWord {
                if value < 0x1_0000 {
                    current.append(UInt16(value))
                } else {
                    current.append(contentsOf: UTF16.encode(scalar)!)
                }
            } else if !current.isEmpty {
                current.withUnsafeBufferPointer(body)
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { current.withUnsafeBufferPointer(body) }
        current.removeAll(keepingCapacity: true)
    }

    /// `fold` of search.js: accents off, then lower case, as JavaScript's `toLowerCase` does it
    /// (Swift's `lowercased()` has no final-sigma rule: ΟΔΟΣ must become οδος, not οδοσ).
    static func fold(_ text: String) -> String {
        let stripped = text.decomposedStringWithCanonicalMapping.unicodeScalars.filter {
            !(0x300...0x36F).contains($0.value)
        }
        let composed = String(String.UnicodeScalarView(stripped)).precomposedStringWithCanonicalMapping
        let scalars = Array(composed.unicodeScalars)
        var lowered = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar.value == 0x3A3 {
                lowered.append(isFinalSigma(at: index, in: scalars) ? "\u{3C2}" : "\u{3C3}")
            } else {
                lowered.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(lowered)
    }

    /// The Hangul initial consonant of each syllable (가 → ㄱ); other code units stay.
    static func initials(_ word: Word) -> Word {
        word.map(initial)
    }

    static func initial(_ unit: UInt16) -> UInt16 {
        guard (0xAC00...0xD7A3).contains(unit) else { return unit }
        return initialConsonants[Int(unit - 0xAC00) / 588]
    }

    /// A text's initial consonants as es-hangul's `getChoseong` gives them, without its spaces: each
    /// Hangul syllable's initial, each bare consonant (ㄱ…ㅎ) as it is, everything else dropped
    /// (`00프론트엔드 개발자` → `ㅍㄹㅌㅇㄷㄱㅂㅈ`). `choseongIncludes` is a search in this string.
    static func phraseInitials(_ text: String) -> Word {
        var result: Word = []
        var scratch: Word = []
        forEachWord(text, scratch: &scratch) { word in
            for unit in word where isSyllable(unit) || isConsonant(unit) { result.append(initial(unit)) }
        }
        return result
    }

    /// A query word of initial consonants only (ㄱㄲㄴ…ㅎ, es-hangul's `isOnlyChoseong`): it also
    /// matches inside words and across them (`phraseInitials`).
    static func isChoseongOnly(_ word: Word) -> Bool {
        !word.isEmpty && word.allSatisfy(initialConsonants.contains)
    }

    static func isConsonant(_ unit: UInt16) -> Bool { (0x3131...0x314E).contains(unit) }
    static func isSyllable(_ unit: UInt16) -> Bool { (0xAC00...0xD7A3).contains(unit) }

    /// ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ, the 19 initial consonants in syllable order.
    static let initialConsonants: [UInt16] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".utf16)
}

extension SearchText {
    /// A scalar that folding leaves as it is, but for ASCII upper case.
    static func foldsToItself(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x80, 0xAC00...0xD7A3, 0x3131...0x318E, 0x2010...0x2027, 0x2030...0x205E, 0x3001...0x3003,
            0x3008...0x3011, 0xFF01...0xFF20:
            true
        default: false
        }
    }

    /// No byte of `bytes` has its high bit set, tested eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        var seen: UInt64 = 0
        while offset + 8 <= bytes.count {
            seen |= UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            seen |= UInt64(base[offset])
            offset += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// `\p{L}` or `\p{N}`.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            true
        default: false
        }
    }
}

private extension SearchText {
    static func asciiWords(
        _ text: UnsafeBufferPointer<UInt8>, scratch current: inout Word, _ body: (UnsafeBufferPointer<UInt16>) -> Void
    ) {
        current.removeAll(keepingCapacity: true)
        for byte in text {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(UInt16(byte))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(UInt16(byte + 32))
            default:
                if !current.isEmpty {
                    current.withUnsafeBufferPointer(body)
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { current.withUnsafeBufferPointer(body) }
        current.removeAll(keepingCapacity: true)
    }

    /// Unicode's Final_Sigma condition: a cased letter before (skipping case-ignorable ones) and none after.
    static func isFinalSigma(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        func casedNeighbour(_ indices: some Sequence<Int>) -> Bool {
            for other in indices {
                let properties = scalars[other].properties
                if properties.isCaseIgnorable { continue }
                return properties.isCased
            }
            return false
        }
        return casedNeighbour((0..<index).reversed()) && !casedNeighbour((index + 1)..<scalars.count)
    }
}
