/// "Did you mean": how far apart two words are, and the nearest of a few to a misspelled one.
public enum Spelling {
    /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`: `domian` is 1 from `domain`.
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a), Array(b))
    }

    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The candidate nearest `word` within `maximum` edits (by default a third of its length, at least
    /// one, at most three); the first in order among equals. Nil when none is that near, or when
    /// `word` is itself a candidate.
    public static func nearest(
        to word: String, among candidates: some Sequence<String>, maximum: Int? = nil
    )
        -> String?
    {
        let limit = maximum ?? min(max(word.count / 3, 1), 3)
        var best: (String, Int)?
        for candidate in candidates {
            if candidate == word { return nil }
            let distance = distance(word, candidate)
            if distance <= limit, distance < best?.1 ?? .max { best = (candidate, distance) }
        }
        return best?.0
    }
}
