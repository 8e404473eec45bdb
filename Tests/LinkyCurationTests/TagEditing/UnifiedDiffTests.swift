import Testing

@testable import LinkyCuration

@Suite struct UnifiedDiffTests {
    static func text(
        _ lines: ClosedRange<Int>, changing changed: Set<Int> = [], dropping dropped: Set<Int> = []
    ) -> [UInt8] {
        Array(
            lines.filter { !dropped.contains($0) }.map {
                changed.contains($0) ? "line \($0) changed\n" : "line \($0)\n"
            }.joined().utf8)
    }

    @Test func changesFarApartMakeTwoHunksWithThreeLinesOfContext() {
        let diff = UnifiedDiff.render(
            path: "f.md", before: Self.text(1...20), after: Self.text(1...20, changing: [2, 15]))
        #expect(
            diff == """
                --- a/f.md
                +++ b/f.md
                @@ -1,5 +1,5 @@
                 line 1
                -line 2
                +line 2 changed
                 line 3
                 line 4
                 line 5
                @@ -12,7 +12,7 @@
                 line 12
                 line 13
                 line 14
                -line 15
                +line 15 changed
                 line 16
                 line 17
                 line 18

                """)
    }

    @Test func changesCloseTogetherShareAHunk() {
        let diff = UnifiedDiff.render(
            path: "f.md", before: Self.text(1...20), after: Self.text(1...20, changing: [5, 11]))
        #expect(diff.components(separatedBy: "@@ ").count == 2)
        #expect(diff.contains("@@ -2,13 +2,13 @@\n"))
    }

    @Test func droppedLinesAndMissingFinalNewline() {
        let dropped = UnifiedDiff.render(path: "f.md", before: Self.text(1...3), after: Self.text(1...3, dropping: [2]))
        #expect(dropped == "--- a/f.md\n+++ b/f.md\n@@ -1,3 +1,2 @@\n line 1\n-line 2\n line 3\n")
        let last = UnifiedDiff.render(path: "f.md", before: Array("a\nb".utf8), after: Array("a\nc".utf8))
        #expect(
            last
                == "--- a/f.md\n+++ b/f.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"
        )
        #expect(UnifiedDiff.render(path: "f.md", before: Self.text(1...3), after: Self.text(1...3)).isEmpty)
    }
}
