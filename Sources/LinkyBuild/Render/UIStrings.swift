/// The theme's own words, in the site's language (English unless `language` starts with `ko`).
/// Templates read them as `{{t.key}}`.
enum UIStrings {
    static func table(for language: String) -> [String: String] {
        language.lowercased().hasPrefix("ko") ? korean : english
    }

    static let english: [String: String] = [
        "home": "Home", "categories": "Categories", "tags": "Tags", "archive": "Archive", "search": "Search",
        "print": "Print", "favorites": "Favourites", "recent": "Recently added", "links": "links", "link": "link",
        "subcategories": "Subcategories", "no_links": "No links here yet.", "previous": "Previous", "next": "Next",
        "page": "Page", "of": "of", "note": "Note", "notes": "Notes", "visit": "Visit", "all_tags": "All tags",
        "related_tags": "Narrower tags", "parent_tag": "Broader tag", "skip": "Skip to content",
        "search_placeholder": "Search links…", "search_label": "Search the collection",
        "no_results": "No links match", "not_found": "Page not found",
        "not_found_text": "There is nothing at this address. It may have moved.", "contents": "Contents",
        "moved": "This page has moved:",
        "feed": "Feed", "bookmarks": "Bookmarks file", "data": "Data", "undated": "Undated",
        "search_needs_js": "Search needs JavaScript; every link is also on the category and tag pages.",
        "clear": "Clear", "filters": "Filters", "all_categories": "All categories", "any_tag": "Any tag",
        "results": "results", "recent_searches": "Recent searches", "newest": "Newest link",
        "built_with": "Built with linky-site", "pages": "Pages", "years": "Years", "in": "in",
        "main_nav": "Site", "links_heading": "Links", "favorite": "Favourite", "category": "Category",
        "related_to": "Related to", "also": "Also",
        "tag": "Tag", "popular_tags": "Popular tags", "categories_count": "categories", "tags_count": "tags",
        "updated": "Updated", "search_results_count": "{count} results", "search_one_result": "1 result",
        "search_no_results_query": "No links match “{query}”.", "search_no_results": "No links match these filters.",
        "search_empty_hint": "Try fewer or shorter words, check the spelling, or clear the filters.",
        "search_limit": "(showing the first {limit})",
        "search_help": "Titles, tags, descriptions and notes; every word must match. ㅅㅇㅍㅌ finds 스위프트.",
        "print_hint": "This page is made for printing: use your browser’s Print command or save it as a PDF.",
        "view": "Show links as", "view_cards": "Cards", "view_list": "List", "view_compact": "Compact",
        "print_pictures": "Pictures", "follow_feed": "Feed of these links",
        "archived_copy": "Archived copy (Wayback Machine)", "dead": "Dead link", "dead_since": "found dead on",
        "moved_to": "Moved to", "broken_links": "Broken links", "dead_links": "Dead links",
        "moved_links": "Moved links",
        "no_broken_links": "No link is dead or moved, as far as the last check found.",
        "broken_hint":
            "From link-status.json, as check --links last found: fix each link where it is written, or give it an archive: copy.",
    ]

    static let korean: [String: String] = [
        "home": "홈", "categories": "분류", "tags": "태그", "archive": "보관함", "search": "검색", "print": "인쇄",
        "favorites": "즐겨찾기", "recent": "최근 추가", "links": "개 링크", "link": "개 링크",
        "subcategories": "하위 분류", "no_links": "아직 링크가 없습니다.", "previous": "이전", "next": "다음",
        "page": "페이지", "of": "/", "note": "메모", "notes": "메모", "visit": "방문", "all_tags": "모든 태그",
        "related_tags": "하위 태그", "parent_tag": "상위 태그", "skip": "본문으로 건너뛰기",
        "search_placeholder": "링크 검색…", "search_label": "모음 검색", "no_results": "일치하는 링크가 없습니다",
        "not_found": "페이지를 찾을 수 없습니다", "not_found_text": "이 주소에는 아무것도 없습니다. 옮겨졌을 수 있습니다.",
        "moved": "이 페이지는 옮겨졌습니다:",
        "contents": "목차", "feed": "피드", "bookmarks": "북마크 파일", "data": "데이터", "undated": "날짜 없음",
        "search_needs_js": "검색에는 JavaScript가 필요합니다. 모든 링크는 분류와 태그 페이지에도 있습니다.",
        "clear": "지우기", "filters": "필터", "all_categories": "모든 분류", "any_tag": "모든 태그",
        "results": "개 결과", "recent_searches": "최근 검색", "newest": "최신 링크", "built_with": "linky-site로 만듦",
        "pages": "페이지", "years": "연도", "in": "분류",
        "main_nav": "사이트 메뉴", "links_heading": "링크", "favorite": "즐겨찾기", "category": "분류", "tag": "태그",
        "related_to": "관련:", "also": "함께 보기",
        "popular_tags": "많이 쓰인 태그", "categories_count": "개 분류", "tags_count": "개 태그", "updated": "업데이트",
        "search_results_count": "{count}개 결과", "search_one_result": "1개 결과",
        "search_no_results_query": "“{query}”에 맞는 링크가 없습니다.", "search_no_results": "이 조건에 맞는 링크가 없습니다.",
        "search_empty_hint": "검색어를 줄이거나 철자를 확인하거나 필터를 해제해 보세요.",
        "search_limit": "(처음 {limit}개 표시)",
        "search_help": "제목, 태그, 설명, 메모에서 찾습니다. 모든 단어가 맞아야 하며 초성(ㅅㅇㅍㅌ)으로도 찾습니다.",
        "print_hint": "인쇄용 페이지입니다. 브라우저의 인쇄 기능으로 인쇄하거나 PDF로 저장하세요.",
        "view": "링크 보기", "view_cards": "카드", "view_list": "목록", "view_compact": "간단히",
        "print_pictures": "그림", "follow_feed": "이 링크들의 피드",
        "archived_copy": "보관된 사본 (Wayback Machine)", "dead": "죽은 링크", "dead_since": "확인한 날",
        "moved_to": "옮겨간 주소:", "broken_links": "깨진 링크", "dead_links": "죽은 링크", "moved_links": "옮겨간 링크",
        "no_broken_links": "마지막 검사에서 죽었거나 옮겨간 링크가 없습니다.",
        "broken_hint": "check --links의 마지막 결과(link-status.json)입니다. 적힌 곳에서 링크를 고치거나 archive: 사본을 넣으세요.",
    ]

    static let englishMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// `May 2024` or `2024년 5월`.
    static func monthTitle(year: Int, month: Int, language: String) -> String {
        language.lowercased().hasPrefix("ko") ? "\(year)년 \(month)월" : "\(englishMonths[month - 1]) \(year)"
    }
}
