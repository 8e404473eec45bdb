/// The theme's words in the site's language, with the language's plural rules, dates and digit
/// grouping: what `i18n/<language>.yml` files say (the theme's, then the site's), English filling in
/// any word they lack. Built by the load stage; templates read it as `t` and as ready-made texts
/// (`date_text`, `site.counts`).
public struct Words: Sendable, Hashable {
    /// The `language` setting the words are for (`de`, `zh-Hans`).
    public var language: String
    /// Words said alone, by key; a plural word is here in its `other` form too.
    public var texts: [String: String]
    /// Words said of a number, by key: a text per plural category, each holding `{count}`.
    public var plurals: [String: [PluralCategory: String]]
    /// The twelve months' names, January first.
    public var months: [String]
    /// A day: `{day}`, `{month}` (its name), `{month_number}`, `{year}`.
    public var dayFormat: String
    /// A month's title: the same placeholders but `{day}`.
    public var monthFormat: String
    /// Put between groups of three digits.
    public var digitGroup: String
    /// CLDR's minimum grouping digits: 2 groups `12.345` but not `1234`.
    public var minimumGrouping: Int

    public init(
        language: String = "en", texts: [String: String] = [:], plurals: [String: [PluralCategory: String]] = [:],
        months: [String] = Self.isoMonths, dayFormat: String = "{year}-{month_number}-{day}",
        monthFormat: String = "{year}-{month_number}", digitGroup: String = ",", minimumGrouping: Int = 1
    ) {
        self.language = language
        self.texts = texts
        self.plurals = plurals
        self.months = months
        self.dayFormat = dayFormat
        self.monthFormat = monthFormat
        self.digitGroup = digitGroup
        self.minimumGrouping = minimumGrouping
    }

    /// Month names for words that have none: the numbers.
    public static let isoMonths = (1...12).map { String($0) }

    /// A word, or its key when no file has it.
    public subscript(_ key: String) -> String { texts[key] ?? key }

    /// A plural word for `count`, `{count}` replaced by the grouped number: `1,234 links`.
    public func counted(_ key: String, _ count: Int) -> String {
        let forms = plurals[key] ?? [:]
        let text = forms[PluralRules.category(of: count, language: language)] ?? forms[.other] ?? texts[key] ?? key
        return text.replacingOccurrences(of: "{count}", with: number(count))
    }

    /// `1234567` as the language groups digits: `1,234,567`, `1.234.567`, `1 234 567`.
    public func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        guard !digitGroup.isEmpty, digits.count >= 4 + max(minimumGrouping, 1) - 1 else { return sign + digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.append(digits[start..<end])
            end = start
        }
        return sign + groups.reversed().joined(separator: digitGroup)
    }

    /// A day as the language writes it: `1 May 2024`, `2024년 5월 1일`, `1. Mai 2024`.
    public func day(_ date: LinkDate) -> String {
        fill(dayFormat, year: date.year, month: date.month, day: date.day)
    }

    /// A month's title: `May 2024`, `2024년 5월`.
    public func month(year: Int, month: Int) -> String {
        fill(monthFormat, year: year, month: month, day: 1)
    }

    /// The format with its placeholders filled, in one pass: every link's day is made this way, on
    /// every page that lists it.
    private func fill(_ format: String, year: Int, month: Int, day: Int) -> String {
        var result = ""
        result.reserveCapacity(format.utf8.count + 16)
        var rest = format[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            switch rest[rest.index(after: open)..<close] {
            case "year": result += String(year)
            case "month_number": result += String(month)
            case "month": result += months.indices.contains(month - 1) ? months[month - 1] : String(month)
            case "day": result += String(day)
            default: result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result
    }
}

/// CLDR's plural categories.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// CLDR's cardinal plural rules for whole numbers, for the languages the default theme ships and
/// their neighbours; any other language gets English's (`one` for 1).
public enum PluralRules {
    /// The categories a language's words need: what a translation file must give.
    public static func categories(of language: String) -> [PluralCategory] {
        switch base(language) {
        case "ja", "ko", "zh", "th", "vi", "id", "ms": [.other]
        case "fr", "es", "it", "pt", "ca": [.one, .many, .other]
        case "ru", "uk", "pl": [.one, .few, .many, .other]
        case "ar": [.zero, .one, .two, .few, .many, .other]
        default: [.one, .other]
        }
    }

    public static func category(of count: Int, language: String) -> PluralCategory {
        let n = count.magnitude
        switch base(language) {
        case "ja", "ko", "zh", "th", "vi", "id", "ms": return .other
        case "fr":
            if n <= 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "es", "it", "pt", "ca":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "ru", "uk":
            if n % 10 == 1 && n % 100 != 11 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case "ar":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(n % 100) { return .few }
                if (11...99).contains(n % 100) { return .many }
                return .other
            }
        default: return n == 1 ? .one : .other
        }
    }

    /// `zh-Hans` → `zh`, `pt_BR` → `pt`.
    public static func base(_ language: String) -> String {
        String(language.lowercased().prefix { $0 != "-" && $0 != "_" })
    }
}
