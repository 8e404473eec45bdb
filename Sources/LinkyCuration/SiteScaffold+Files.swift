extension SiteScaffold {
    /// The files of a new site, by path.
    static let files: [String: String] = [
        "linky.yml": """
        # linky-site settings; every key is optional. See the README of linky-site for all of them.
        title: My Links
        description: Links worth keeping — 다시 볼 만한 링크 모음.
        base_url: https://example.com/links/
        language: en
        author: Your Name
        # Where the site is published (.github/workflows/pages.yml): a build GitHub Pages would refuse fails.
        host: github-pages
        """ + "\n",
        // The output, and `check --links`' memory of working links: local state, not content.
        ".gitignore": "_site/\n.*.linky-*\n.linky-check-cache.json\n",
        "README.md": """
        # My Links

        A link collection built with [linky-site](https://github.com/linky-site/linky-site).

        - One Markdown file per link in `links/`, one folder per category.
        - `links/places-to-eat.md` shows the other format: a whole category as one list.
        - Tag titles and aliases are in `tags.yml`.

        Preview it as you edit (http://127.0.0.1:8080/), add a link, and build the site into `_site/`:

        ```sh
        linky-site serve
        linky-site add https://example.com/
        linky-site build
        ```

        `.github/workflows/pages.yml` publishes it to GitHub Pages on every push to `main`.
        """ + "\n",
        "tags.yml": """
        swift:
          title: Swift
          description: Apple's programming language.
        javascript:
          title: JavaScript
          aliases: [js]
        맛집:
          description: 맛있는 곳.
        """ + "\n",
        "links/reading/_index.md": """
        ---
        title: Reading
        description: Articles and books to read again.
        order: 1
        icon: 📚
        ---
        Long reads, kept for later.
        """ + "\n",
        "links/reading/swift-concurrency.md": """
        ---
        url: https://docs.swift.org/swift-book/documentation/the-swift-programming-language/concurrency/
        title: Concurrency — The Swift Programming Language
        tags: [swift, concurrency]
        date: 2024-05-01
        description: async/await, tasks and actors, from the official book.
        favorite: true
        ---
        The chapter to reread before any concurrency work. A note like this one gives the link a page
        of its own; it is **Markdown**, with tables and task lists:

        - [x] Structured concurrency
        - [ ] Actors and isolation
        """ + "\n",
        "links/reading/rust-book.md": """
        ---
        url: https://doc.rust-lang.org/book/
        title: The Rust Programming Language
        tags: rust, books
        date: 2024-03-12
        description: The official book, known as "the book".
        ---
        """ + "\n",
        "links/reading/mdn-javascript.md": """
        ---
        url: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide
        title: JavaScript Guide — MDN
        tags: [js, web]
        date: 2023-11-02
        description: MDN's guide from the basics to closures and modules.
        ---
        """ + "\n",
        "links/reading/훈민정음.md": """
        ---
        url: https://ko.wikipedia.org/wiki/훈민정음
        title: 훈민정음 — 위키백과
        tags: [한글, 역사]
        date: 2023-10-09
        description: 세종이 만든 문자와 그 해설서 이야기.
        ---
        """ + "\n",
        "links/reading/woowahan-git-flow.md": """
        ---
        url: https://techblog.woowahan.com/2553/
        title: 우린 Git-flow를 사용하고 있어요
        tags: [git, 개발]
        date: 2022-08-17
        description: 배달의민족 앱 팀의 브랜치 전략.
        ---
        """ + "\n",
        "links/tools/_index.md": """
        ---
        title: Tools
        description: Software used every day.
        order: 2
        icon: 🧰
        ---
        """ + "\n",
        "links/tools/git.md": """
        ---
        url: https://git-scm.com/book/en/v2
        title: Pro Git
        tags: [git, books]
        date: 2022-01-20
        description: The whole Git book, free online.
        ---
        """ + "\n",
        "links/tools/ripgrep.md": """
        ---
        url: https://github.com/BurntSushi/ripgrep
        title: ripgrep
        tags: [cli, search]
        date: 2024-06-30
        description: Recursively searches directories for a regex, respecting .gitignore.
        ---
        """ + "\n",
        "links/tools/jq.md": """
        ---
        url: https://jqlang.github.io/jq/manual/
        title: jq Manual
        tags: [cli, json]
        date: 2023-07-14
        description: Slice, filter and transform JSON on the command line.
        ---
        """ + "\n",
        "links/tools/helix.md": """
        ---
        url: https://helix-editor.com/
        title: Helix
        tags: [editor, cli]
        date: 2024-02-08
        description: A post-modern modal text editor.
        ---
        """ + "\n",
        "links/places-to-eat.md": """
        ---
        title: Places to eat
        description: 맛집 — one category written as a single list.
        order: 3
        icon: 🍜
        ---
        A list file: each item that starts with a link is a link, `##` headings are subcategories and
        `#words` are tags.

        ## Seoul
        - [광장시장](https://ko.wikipedia.org/wiki/광장시장) - 빈대떡과 마약김밥. #맛집 #서울
        - [Tongin Market](https://en.wikipedia.org/wiki/Tongin_Market) — Lunch with brass coins. #맛집 #seoul

        ## Busan
        - [자갈치시장](https://ko.wikipedia.org/wiki/자갈치시장): 회와 꼼장어. #맛집 #부산
        """ + "\n",
        ".github/workflows/pages.yml": """
        # Builds the site with linky-site's GitHub Action (its release binary, cached; no compiling) and
        # publishes it to GitHub Pages on every push to main; pull requests get the build's problems as
        # annotations on the changed files. Once: Settings → Pages → Source: "GitHub Actions".
        name: Publish
        on:
          push:
            branches: [main]
          pull_request:
        permissions:
          contents: read
          pages: write
          id-token: write
        jobs:
          build:
            runs-on: ubuntu-24.04
            steps:
              - uses: actions/checkout@v4
                with:
                  fetch-depth: 0  # the whole history: links without `date:` are dated by the commit that added them
              - id: linky
                uses: linky-site/linky-site@main
                with:
                  version: latest
                  strict: true
                  base-url: https://${{ github.repository_owner }}.github.io/${{ github.event.repository.name }}/
              - uses: actions/upload-pages-artifact@v3
                if: github.event_name == 'push'
                with:
                  path: ${{ steps.linky.outputs.output-dir }}
          deploy:
            if: github.event_name == 'push'
            needs: build
            runs-on: ubuntu-24.04
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v4
        """ + "\n",
    ]
}
