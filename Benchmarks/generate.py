#!/usr/bin/env python3
"""Generate a synthetic linky-site site with N links, for benchmarking.

Usage: python3 Benchmarks/generate.py N OUTDIR [--seed S] [--force]

Standard library only. The output depends only on N and the seed
(default 42): every random choice comes from one random.Random(seed).

Layout written:
    OUTDIR/linky.yml                      site configuration
    OUTDIR/tags.yml                       metadata for the 30 most used tags
    OUTDIR/links/<cat>/_index.md          category metadata (every category folder)
    OUTDIR/links/<cat>[/<sub>[/<sub2>]]/<slug>.md   one link per file
"""

import argparse
import bisect
import datetime
import json
import os
import random
import shutil
import sys
import time

# ---------------------------------------------------------------------------
# Word lists
# ---------------------------------------------------------------------------

ENGLISH_WORDS = """
a about above access account action active actually add address admin advanced
after again against age agent ahead air algorithm all allow almost alone along
already also always amazing among amount analysis and animal another answer any
api app apply approach architecture area around array art article ask async
audio author auto available away back background backend balance bank base
basic battery beautiful because become before begin behind best better between
beyond big binary bit blog board body book both box brain branch break bridge
bright browser buffer bug build business button cache call camera can card care
case cause center chain change channel chapter chart cheap check choice city
class clean clear client climate close cloud cluster code collection color
column come command common community company compare compiler complete complex
component compute concept config connect container content context control cool
core correct cost could country course create culture current custom cycle
daily dark data database date day deep default define delete demo deploy depth
design desktop detail develop device different digital direct disk display
distributed doc document domain done down draft draw drive dynamic each early
easy edge editor effect effective efficient element email empty end energy
engine enough entry environment error event every example expert explain
explore export fast feature feed field file filter final find first fix flow
focus folder follow font food form format forward frame free fresh friend front
full function future game garden general generate get give global good graph
great green grid group grow guide hand handle hard hash head health heavy help
hidden high history home hook host hour house how human idea image import
improve index info inside install interface internal into issue item job join
journal just keep kernel key kind know lab language large last late layer
layout learn less level library light like limit line link list little live
load local lock log long look loop low machine main make manage manual map
market master match math matter memory menu message method middle mind minimal
mobile mode model modern module moment money month more most move music native
nature need network never new news next night node note number object offline
often old open operating option order other output over own package page paint
panel paper parallel parse part pattern people perfect performance personal
phone photo pick picture piece pipeline place plan platform play plugin point
policy pool popular port post power practical present press pretty price print
private problem process product profile program project protocol public pull
push query question queue quick quiet random range rapid read real reason
record reduce reference region release remote render report request research
reset resource response rest result review rich right road route rule run safe
sample save scale schema science screen script search second secret section
secure select send server service session set setup shape share shell short
show side signal simple single site size skill small smart social software
solid solution source space speed split stack stage standard start state static
step storage store story stream street string strong structure study style
system table take talk task team tech template terminal test text theme thing
think thread time tiny tip today tool top topic track trade traffic train
travel tree trend true type under unique unit update upload usage user value
version video view virtual visual voice wait walk wall watch water wave way web
week weight while window wireless wonder word work world write year young zero
zone
""".split()

KOREAN_WORDS = """
개발 디자인 과학 물리 화학 생물 수학 역사 문화 음악 영화 사진 여행 음식 요리
건강 운동 경제 금융 투자 주식 교육 학교 대학 연구 논문 기술 컴퓨터 프로그램
소프트웨어 하드웨어 네트워크 보안 데이터 분석 통계 인공지능 기계 학습 모델
서버 웹 앱 모바일 게임 그래픽 글꼴 색상 레이아웃 사용자 경험 인터페이스 문서
자료 도구 방법 원리 이론 실험 결과 정리 요약 소개 시작 기초 심화 고급 입문
가이드 튜토리얼 예제 코드 라이브러리 프레임워크 언어 문법 함수 변수 객체
클래스 구조 알고리즘 성능 최적화 테스트 배포 운영 관리 설정 설치 오류 해결
질문 답변 토론 의견 생각 이야기 뉴스 블로그 잡지 책 강의 영상 발표 회의 행사
모임 커뮤니티 프로젝트 오픈소스 기여 협업 팀 회사 직장 채용 면접 경력 창업
마케팅 브랜드 광고 판매 고객 서비스 제품 시장 트렌드 미래 과거 현재 오늘
내일 세계 한국 서울 부산 지역 도시 자연 환경 기후 에너지 우주 지구 바다 산
강 나무 꽃 동물 고양이 강아지 사람 친구 가족 아이 부모 생활 습관 취미 독서
글쓰기 그림 만들기 배우기 알아보기 이해하기 살펴보기 비교하기 정말 매우 아주
가장 새로운 좋은 쉬운 어려운 중요한 유용한 재미있는 간단한 완벽한 빠른 느린
작은 큰 다양한 실전 핵심 기본 전체 부분 방식 차이 장점 단점 이유 목적 계획
기록 공부 연습 시간 공간 규칙 모음
""".split()

# Particles as (after a final consonant, after a vowel); None = no particle.
KOREAN_PARTICLES = [None, None, None, None, ("의", "의"), ("을", "를"), ("과", "와"),
                    ("에서", "에서"), ("으로", "로"), ("은", "는"), ("이", "가")]
KOREAN_ENDINGS = [
    ("에 대한 글입니다.",) * 2, ("을 정리했습니다.", "를 정리했습니다."),
    ("을 소개합니다.", "를 소개합니다."), ("에 대해 알아봅니다.",) * 2,
    ("입니다.", "입니다."), ("을 살펴봅니다.", "를 살펴봅니다."),
    (" 모음입니다.",) * 2, ("에 관한 기록입니다.",) * 2,
]


def has_batchim(word):
    """True if the last syllable of a Hangul word ends in a consonant."""
    c = ord(word[-1]) - 0xAC00
    return 0 <= c < 11172 and c % 28 != 0


# 0 = the word ends in a consonant, 1 = in a vowel: indexes the particle pairs.
BATCHIM = {w: 0 if has_batchim(w) else 1 for w in KOREAN_WORDS}

TECH_TAGS = """
swift rust python javascript typescript go kotlin java haskell elixir ruby
linux macos ios android docker kubernetes postgres sqlite redis graphql css
html wasm llvm git vim emacs unicode typography accessibility performance
security privacy testing devops ci compilers databases networking concurrency
functional design ux ui productivity career writing math physics biology
history music film photography travel cooking
""".split()

YAML_RESERVED = {"y", "n", "yes", "no", "true", "false", "on", "off", "null"}

# Top-level categories and candidate subcategories (mixed English / Korean).
CATEGORY_TREE = [
    ("programming", ["swift", "rust", "python", "웹개발", "컴파일러", "databases",
                     "동시성", "testing", "functional", "알고리즘"]),
    ("디자인", ["타이포그래피", "색상", "ux", "icons", "레이아웃", "브랜딩", "motion"]),
    ("과학", ["물리", "화학", "생물", "astronomy", "수학", "climate", "neuroscience"]),
    ("web", ["css", "html", "javascript", "성능", "accessibility", "browsers"]),
    ("데이터", ["통계", "머신러닝", "visualization", "pipelines", "sql"]),
    ("games", ["indie", "게임디자인", "retro", "engines", "그래픽"]),
    ("music", ["theory", "작곡", "synthesis", "jazz", "클래식", "production"]),
    ("영화", ["감독", "reviews", "다큐멘터리", "animation", "screenwriting"]),
    ("books", ["소설", "non-fiction", "시", "sf", "essays", "만화"]),
    ("여행", ["한국", "japan", "europe", "유럽", "hiking", "도시"]),
    ("요리", ["한식", "baking", "recipes", "발효", "coffee", "차"]),
    ("finance", ["투자", "personal", "crypto", "경제학", "taxes"]),
    ("건강", ["운동", "sleep", "영양", "mental-health", "running"]),
    ("tools", ["editors", "터미널", "productivity", "automation", "git", "노트"]),
    ("역사", ["한국사", "ancient", "medieval", "현대사", "science-history"]),
    ("photography", ["cameras", "사진기법", "film", "editing", "portfolio"]),
    ("교육", ["강의", "moocs", "학습법", "languages", "어린이"]),
    ("security", ["cryptography", "보안사고", "privacy", "web-security", "malware"]),
    ("오픈소스", ["프로젝트", "licensing", "community", "maintainers", "기여"]),
    ("hardware", ["keyboards", "전자공학", "embedded", "3d-printing", "retro-computing"]),
]

THIRD_LEVEL = ["입문", "advanced", "articles", "도구", "reference", "영상",
               "papers", "talks", "실습", "newsletters"]

DISPLAY_NAMES = {"ios": "iOS", "macos": "macOS", "ux": "UX", "ui": "UI", "css": "CSS",
                 "html": "HTML", "sql": "SQL", "sf": "SF", "3d-printing": "3D Printing",
                 "ci": "CI", "wasm": "WebAssembly", "llvm": "LLVM", "graphql": "GraphQL",
                 "javascript": "JavaScript", "typescript": "TypeScript", "devops": "DevOps",
                 "sqlite": "SQLite", "moocs": "MOOCs", "api": "API"}
KNOWN_ALIASES = {"javascript": ["js"], "typescript": ["ts"], "kubernetes": ["k8s"],
                 "postgres": ["postgresql", "pg"], "python": ["py"], "swift": ["swiftlang"],
                 "golang": ["go"], "go": ["golang"], "rust": ["rustlang"], "macos": ["osx"],
                 "웹": ["web-dev"], "개발": ["development", "dev"], "보안": ["infosec"]}

LANGS = ["swift", "python", "rust", "go", "javascript", "bash"]

START_DATE = datetime.date(2015, 1, 1).toordinal()
DATE_SPAN = datetime.date(2025, 12, 31).toordinal() - START_DATE + 1


# ---------------------------------------------------------------------------
# Sampling helpers
# ---------------------------------------------------------------------------

class Zipf:
    """Zipf(s) over ranks 0..n-1 via precomputed cumulative weights + bisect."""

    def __init__(self, rng, n, s):
        self.rng = rng
        self.n = n
        cum = []
        total = 0.0
        for k in range(1, n + 1):
            total += 1.0 / (k ** s)
            cum.append(total)
        self.cum = cum
        self.total = total

    def sample(self):
        i = bisect.bisect_right(self.cum, self.rng.random() * self.total)
        return i if i < self.n else self.n - 1

    def sample_distinct(self, k):
        seen = []
        while len(seen) < k:
            i = self.sample()
            if i not in seen:
                seen.append(i)
        return seen


class Text:
    def __init__(self, rng):
        self.rng = rng

    def english_words(self, n):
        return self.rng.choices(ENGLISH_WORDS, k=n)

    def korean_words(self, n):
        rng = self.rng
        ws = rng.choices(KOREAN_WORDS, k=n)
        ps = rng.choices(KOREAN_PARTICLES, k=n)
        return [w if p is None else w + p[BATCHIM[w]] for w, p in zip(ws, ps)]

    def korean_sentence(self, n):
        """n Hangul words (the last one bare) plus a verb ending that agrees with it."""
        ws = self.korean_words(n - 1)
        last = self.rng.choice(KOREAN_WORDS)
        ws.append(last + self.rng.choice(KOREAN_ENDINGS)[BATCHIM[last]])
        return " ".join(ws)

    def title(self, korean):
        rng = self.rng
        if korean:
            return " ".join(rng.choices(KOREAN_WORDS, k=rng.randint(2, 6)))
        ws = self.english_words(rng.randint(3, 8))
        return " ".join(w.capitalize() if i == 0 or len(w) > 3 else w
                        for i, w in enumerate(ws))

    def sentence(self, korean, lo, hi):
        rng = self.rng
        n = rng.randint(lo, hi)
        if korean:
            return self.korean_sentence(n)
        s = " ".join(self.english_words(n))
        return s[0].upper() + s[1:] + "."

    def paragraph(self, korean, nwords):
        """nwords words split into sentences of 5..14 words."""
        rng = self.rng
        out = []
        left = nwords
        while left > 0:
            n = min(left, rng.randint(5, 14))
            left -= n
            if korean:
                out.append(self.korean_sentence(n))
            else:
                s = " ".join(self.english_words(n))
                out.append(s[0].upper() + s[1:] + ".")
        return " ".join(out)


# ---------------------------------------------------------------------------
# Site pieces
# ---------------------------------------------------------------------------

def display_name(name):
    if name in DISPLAY_NAMES:
        return DISPLAY_NAMES[name]
    if name.isascii():
        return name.replace("-", " ").title()
    return name


def build_categories(rng):
    """Return list of folders: dicts with path (tuple), title, order, leaf."""
    folders = []
    for order, (top, subs) in enumerate(CATEGORY_TREE, start=1):
        node = {"path": (top,), "order": order, "leaf": True}
        folders.append(node)
        k = rng.randint(0, min(8, len(subs)))
        chosen = rng.sample(subs, k)
        if chosen:
            node["leaf"] = False
        for sorder, sub in enumerate(chosen, start=1):
            snode = {"path": (top, sub), "order": sorder, "leaf": True}
            folders.append(snode)
            if rng.random() < 0.3:
                snode["leaf"] = False
                for torder, third in enumerate(rng.sample(THIRD_LEVEL, rng.randint(1, 3)), start=1):
                    folders.append({"path": (top, sub, third), "order": torder, "leaf": True})
    return folders


def build_tags(rng, n):
    """Vocabulary of n unique YAML-safe tags, in Zipf rank order."""
    base = []
    seen = set()
    for w in TECH_TAGS + ENGLISH_WORDS + KOREAN_WORDS:
        if len(w) < 2 or w in YAML_RESERVED or w in seen:
            continue
        seen.add(w)
        base.append(w)
    # Keep the recognizable tech tags near the top, shuffle the rest in.
    head = base[:len(TECH_TAGS)]
    rest = base[len(TECH_TAGS):]
    rng.shuffle(head)
    rng.shuffle(rest)
    mixed = head[:40] + rest[:60]
    rng.shuffle(mixed)
    tags = mixed + head[40:] + rest[60:]
    if len(tags) >= n:
        return tags[:n]
    while len(tags) < n:
        if rng.random() < 0.35:
            t = rng.choice(KOREAN_WORDS) + rng.choice(KOREAN_WORDS)
        else:
            t = rng.choice(ENGLISH_WORDS) + "-" + rng.choice(ENGLISH_WORDS)
        if t not in seen:
            seen.add(t)
            tags.append(t)
    return tags


TLDS = ["com", "com", "com", "org", "net", "io", "dev", "kr", "co.kr", "blog", "app"]
WELL_KNOWN = ["github.com", "en.wikipedia.org", "ko.wikipedia.org", "news.ycombinator.com",
              "www.youtube.com", "medium.com", "arxiv.org", "velog.io", "brunch.co.kr",
              "developer.apple.com"]


def build_hosts(rng, n=2000):
    hosts = list(WELL_KNOWN)
    seen = set(hosts)
    i = 0
    while len(hosts) < n:
        i += 1
        r = rng.random()
        if r < 0.04:
            h = "한국어%d.kr" % i
        elif r < 0.07:
            h = "%s%d.%s" % (rng.choice(KOREAN_WORDS), i, rng.choice(["kr", "한국", "com"]))
        else:
            h = rng.choice(ENGLISH_WORDS) + rng.choice(["", "-", ""]) + rng.choice(ENGLISH_WORDS)
            if rng.random() < 0.15:
                h = rng.choice(["blog", "www", "docs", "news"]) + "." + h
            h += "." + rng.choice(TLDS)
        if h in seen:
            continue
        seen.add(h)
        hosts.append(h)
    return hosts


SECTIONS = ["posts", "blog", "articles", "docs", "p", "wiki", "notes", "2019", "2023", "en"]


def ascii_slug_words(title):
    ws = [w.lower() for w in title.split()[:4]]
    return "-".join(ws)


def make_note(rng, text, korean, hosts):
    paras = [text.paragraph(korean, rng.randint(20, 80)) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.05:
        rows = ["| 이름 | 값 | 비고 |" if korean else "| Name | Value | Notes |",
                "| --- | ---: | --- |"]
        for _ in range(rng.randint(2, 4)):
            rows.append("| %s | %d | %s |" % (rng.choice(ENGLISH_WORDS), rng.randint(1, 9999),
                                              " ".join(text.korean_words(2) if korean
                                                       else text.english_words(2))))
        paras.insert(rng.randint(0, len(paras)), "\n".join(rows))
    if rng.random() < 0.05:
        lang = rng.choice(LANGS)
        lines = ["```" + lang]
        for _ in range(rng.randint(2, 8)):
            lines.append("%s%s(%s) // %s" % ("    " * rng.randint(0, 2), rng.choice(ENGLISH_WORDS),
                                            rng.choice(ENGLISH_WORDS), rng.choice(ENGLISH_WORDS)))
        lines.append("```")
        paras.insert(rng.randint(0, len(paras)), "\n".join(lines))
    if rng.random() < 0.05:
        items = []
        for _ in range(rng.randint(2, 4)):
            label = " ".join(text.korean_words(2) if korean else text.english_words(2))
            items.append("- [%s](https://%s/%s) %s" % (label, rng.choice(hosts), rng.choice(SECTIONS),
                                                       rng.choice(ENGLISH_WORDS)))
        paras.insert(rng.randint(0, len(paras)), "\n".join(items))
    return "\n\n".join(paras) + "\n"


# ---------------------------------------------------------------------------
# The same collection as a Hugo site (--hugo HUGODIR)
# ---------------------------------------------------------------------------

# Hugo (0.158+: the 0.146 template system, `locale`) layouts that do about the work linky-site's default theme does: the
# home page (categories with counts, popular tags, favourites, recently added), every category
# paginated by 50 with its subcategories, the tag index, every tag paginated by 50, one page per link
# that has a note (rendered Markdown, tags, breadcrumbs), the archive (by year and month, one page per
# year), the print page (every category with every link), links.json, the home feed (newest 50),
# sitemap.xml and 404.html. Link items are rendered once per link (partialCached), as linky-site does.
HUGO_LAYOUTS = {
    "baseof.html": """<!DOCTYPE html>
<html lang="{{ site.Language.Locale }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
{{- $description := or .Description .Params.description }}
{{- with $description }}
<meta name="description" content="{{ . }}">
{{- end }}
<meta name="color-scheme" content="light dark">
{{ hugo.Generator }}
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:url" content="{{ .Permalink }}">
<meta property="og:type" content="{{ if .IsPage }}article{{ else }}website{{ end }}">
<meta property="og:site_name" content="{{ site.Title }}">
<meta property="og:title" content="{{ .Title }}">
{{- with $description }}
<meta property="og:description" content="{{ . }}">
{{- end }}
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="{{ .Title }}">
<link rel="stylesheet" href="{{ "assets/style.css" | relURL }}">
{{- with site.Home.OutputFormats.Get "rss" }}
<link rel="alternate" type="application/rss+xml" title="{{ site.Title }}" href="{{ .RelPermalink }}">
{{- end }}
<link rel="icon" href="{{ "assets/favicon.svg" | relURL }}" type="image/svg+xml">
</head>
<body class="page-{{ .Kind }}">
{{ partialCached "header.html" . }}
<main id="main" class="wrap" tabindex="-1">
{{ block "main" . }}{{ end }}
</main>
{{ partialCached "footer.html" . }}
</body>
</html>
""",
    "home.html": """{{ define "main" }}
  <div class="hero">
    <h1>{{ site.Title }}</h1>
    <p class="stats"><span><strong>{{ len site.RegularPages }}</strong> links</span> <span><strong>{{ len (where site.Pages "Kind" "section") }}</strong> categories</span> <span><strong>{{ len site.Taxonomies.tags }}</strong> tags</span></p>
  </div>
  <section class="home-section" aria-labelledby="categories-heading">
    <h2 id="categories-heading">Categories</h2>
    <ul class="category-grid">
      {{- range .Sections }}
      <li class="category-card">
        <h3><a href="{{ .RelPermalink }}"><span class="category-name">{{ .Title }}</span></a> <span class="count">{{ len .RegularPagesRecursive }}</span></h3>
        {{ with .Description }}<p>{{ . }}</p>{{ end }}
        {{ with .Sections }}<ul class="subcategories">{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span class="count">{{ len .RegularPagesRecursive }}</span></li>{{ end }}</ul>{{ end }}
      </li>
      {{- end }}
    </ul>
  </section>
  <section class="home-section" aria-labelledby="tags-heading">
    <h2 id="tags-heading">Popular tags</h2>
    <ul class="tag-list">{{ range first 20 site.Taxonomies.tags.ByCount }}<li><a href="{{ .Page.RelPermalink }}">#{{ .Page.LinkTitle }} <span class="count">{{ .Count }}</span></a></li>{{ end }}</ul>
    <p class="more"><a href="{{ "tags/" | relURL }}">All tags →</a></p>
  </section>
  {{ with where site.RegularPages "Params.favorite" true }}
  <section class="home-section" aria-labelledby="favorites-heading">
    <h2 id="favorites-heading"><span class="favorite" aria-hidden="true">★</span> Favourites</h2>
    <ul class="links">{{ range . }}{{ partialCached "link-item.html" . .Path }}{{ end }}</ul>
  </section>
  {{ end }}
  <section class="home-section" aria-labelledby="recent-heading">
    <h2 id="recent-heading">Recently added</h2>
    <ul class="links">{{ range first 10 site.RegularPages.ByDate.Reverse }}{{ partialCached "link-item.html" . .Path }}{{ end }}</ul>
    <p class="more"><a href="{{ "archive/" | relURL }}">Archive →</a></p>
  </section>
{{ end }}
""",
    "section.html": """{{ define "main" }}
  {{ partial "breadcrumbs.html" . }}
  <div class="page-heading">
    <h1>{{ .Title }} <span class="count">{{ len .RegularPagesRecursive }}</span></h1>
    {{ with .Description }}<p class="lead">{{ . }}</p>{{ end }}
  </div>
  {{ with .Sections }}
  <section aria-labelledby="subcategories-heading">
    <h2 id="subcategories-heading">Subcategories</h2>
    <ul class="category-grid compact">
      {{ range . }}<li class="category-card"><h3><a href="{{ .RelPermalink }}"><span class="category-name">{{ .Title }}</span></a> <span class="count">{{ len .RegularPagesRecursive }}</span></h3>{{ with .Description }}<p>{{ . }}</p>{{ end }}</li>{{ end }}
    </ul>
  </section>
  {{ end }}
  {{ $pager := .Paginate .RegularPages }}
  {{ with $pager.Pages }}
  <section aria-labelledby="links-heading">
    <h2 id="links-heading">Links</h2>
    <ul class="links">{{ range . }}{{ partialCached "link-item.html" . .Path }}{{ end }}</ul>
  </section>
  {{ end }}
  {{ partial "pager.html" $pager }}
{{ end }}
""",
    "taxonomy.html": """{{ define "main" }}
  {{ partial "breadcrumbs.html" . }}
  <div class="page-heading">
    <h1>{{ .Title }} <span class="count">{{ len .Data.Terms }}</span></h1>
  </div>
  <ul class="tag-cloud">{{ range .Data.Terms.ByCount }}<li><a href="{{ .Page.RelPermalink }}">#{{ .Page.LinkTitle }} <span class="count">{{ .Count }}</span></a></li>{{ end }}</ul>
{{ end }}
""",
    "term.html": """{{ define "main" }}
  {{ partial "breadcrumbs.html" . }}
  <div class="page-heading">
    <h1>#{{ .Title }} <span class="count">{{ len .Pages }}</span></h1>
    {{ with .Description }}<p class="lead">{{ . }}</p>{{ end }}
  </div>
  {{ $pager := .Paginate .Pages }}
  <ul class="links">{{ range $pager.Pages }}{{ partialCached "link-item.html" . .Path }}{{ end }}</ul>
  {{ partial "pager.html" $pager }}
{{ end }}
""",
    "page.html": """{{ define "main" }}
  {{ partial "breadcrumbs.html" . }}
  <article class="link-page">
    <header class="link-page-header">
      <h1>{{ .Title }}{{ if .Params.favorite }} <span class="favorite" title="Favourite"><span aria-hidden="true">★</span><span class="visually-hidden">Favourite</span></span>{{ end }}</h1>
      {{ with .Params.description }}<p class="lead">{{ . }}</p>{{ end }}
      <p class="link-meta"><span class="domain">{{ partial "domain.html" .Params.url }}</span><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2006-01-02" }}</time>{{ with .Parent }}{{ if not .IsHome }}<a href="{{ .RelPermalink }}">{{ partial "trail.html" . }}</a>{{ end }}{{ end }}</p>
      <div class="visit-box">
        <a class="visit-url" href="{{ .Params.url }}">{{ .Params.url }}</a>
        <a class="button" href="{{ .Params.url }}">Visit <span aria-hidden="true">→</span></a>
      </div>
    </header>
    {{ with .Content }}<div class="note prose">{{ . }}</div>{{ end }}
    {{ with .GetTerms "tags" }}<ul class="tags">{{ range . }}<li><a href="{{ .RelPermalink }}">#{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}
  </article>
{{ end }}
""",
    "archive.html": """{{ define "main" }}
  {{ partial "breadcrumbs.html" . }}
  <div class="page-heading"><h1>{{ .Title }}</h1></div>
  <ol class="archive-years">
    {{ range site.RegularPages.GroupByDate "2006" }}{{ $year := .Key }}
    <li><h2><a href="{{ printf "archive/%s/" $year | relURL }}">{{ $year }}</a> <span class="count">{{ len .Pages }}</span></h2>
      <ol class="archive-months">{{ range .Pages.GroupByDate "January" }}<li><a href="{{ printf "archive/%s/#%s" $year (anchorize .Key) | relURL }}">{{ .Key }}</a> <span class="count">{{ len .Pages }}</span></li>{{ end }}</ol>
    </li>
    {{ end }}
  </ol>
{{ end }}
""",
    "archive-year.html": """{{ define "main" }}
  {{ partial "breadcrumbs.html" . }}
  <div class="page-heading"><h1>{{ .Title }}</h1></div>
  {{ range (where site.RegularPages "Date.Year" .Params.year).GroupByDate "January" }}
  <section id="{{ anchorize .Key }}">
    <h2>{{ .Key }} <span class="count">{{ len .Pages }}</span></h2>
    <ul class="links">{{ range .Pages }}{{ partialCached "link-item.html" . .Path }}{{ end }}</ul>
  </section>
  {{ end }}
{{ end }}
""",
    "print.html": """{{ define "main" }}
  <div class="page-heading"><h1>{{ site.Title }}</h1><p>{{ len site.RegularPages }} links</p></div>
  <nav aria-label="Contents"><ol class="print-contents">{{ range site.Home.Sections }}<li><a href="#{{ anchorize .Path }}">{{ .Title }}</a></li>{{ end }}</ol></nav>
  {{ range site.Home.Sections }}{{ partial "print-section.html" . }}{{ end }}
{{ end }}
""",
    "404.html": """{{ define "main" }}
  <div class="page-heading"><h1>Page not found</h1><p><a href="{{ "" | relURL }}">{{ site.Title }}</a></p></div>
{{ end }}
""",
    "home.links.json": """{"title": {{ site.Title | jsonify }}, "base_url": {{ site.BaseURL | jsonify }}, "links": [
{{- range $i, $p := site.RegularPages }}{{ if $i }},{{ end }}
{{ dict "url" .Params.url "title" .Title "tags" .Params.tags "date" (.Date.Format "2006-01-02") "description" .Params.description "favorite" (.Params.favorite | default false) "category" (strings.TrimPrefix "/" .CurrentSection.Path) "note_html" .Content | jsonify }}
{{- end }}
]}
""",
    "_partials/header.html": """<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  <div class="wrap header-row">
    <a class="site-title" href="{{ "" | relURL }}"><img class="site-logo" src="{{ "assets/favicon.svg" | relURL }}" alt="" width="28" height="28"><span>{{ site.Title }}</span></a>
    <nav class="site-nav" aria-label="Main">
      <ul>
        <li><a href="{{ "tags/" | relURL }}">Tags</a></li>
        <li><a href="{{ "archive/" | relURL }}">Archive</a></li>
        <li><a href="{{ "print/" | relURL }}">Print</a></li>
      </ul>
    </nav>
  </div>
</header>
""",
    "_partials/footer.html": """<footer class="site-footer">
  <div class="wrap footer-row">
    {{- $newest := index (first 1 site.RegularPages.ByDate.Reverse) 0 }}
    <p class="footer-about"><a href="{{ "" | relURL }}">{{ site.Title }}</a> · {{ len site.RegularPages }} links · Updated <time datetime="{{ $newest.Date.Format "2006-01-02" }}">{{ $newest.Date.Format "2006-01-02" }}</time></p>
    <ul class="footer-links">
      {{ with site.Home.OutputFormats.Get "rss" }}<li><a href="{{ .RelPermalink }}">Feed (RSS)</a></li>{{ end }}
      {{ with site.Home.OutputFormats.Get "json" }}<li><a href="{{ .RelPermalink }}">Data (JSON)</a></li>{{ end }}
      <li><a href="{{ "print/" | relURL }}">Print</a></li>
    </ul>
    <p class="footer-credit">Built with Hugo</p>
  </div>
</footer>
""",
    "_partials/breadcrumbs.html": """<nav class="breadcrumbs" aria-label="Breadcrumb">
  <ol>
    {{- range .Ancestors.Reverse }}<li><a href="{{ .RelPermalink }}">{{ if .IsHome }}Home{{ else }}{{ .Title }}{{ end }}</a></li>{{ end }}
  </ol>
</nav>
""",
    "_partials/trail.html": """{{- $titles := slice -}}
{{- range .Ancestors.Reverse }}{{ if not .IsHome }}{{ $titles = $titles | append .Title }}{{ end }}{{ end -}}
{{- delimit ($titles | append .Title) " › " -}}
""",
    "_partials/domain.html": """{{- strings.TrimPrefix "www." (urls.Parse .).Hostname -}}
""",
    "_partials/link-item.html": """<li class="link{{ if .Params.favorite }} is-favorite{{ end }}"><article><h3 class="link-title"><a href="{{ .Params.url }}">{{ .Title }}</a>{{ if .Params.favorite }} <span class="favorite" title="Favourite"><span aria-hidden="true">★</span><span class="visually-hidden">Favourite</span></span>{{ end }}</h3><p class="link-meta"><span class="domain">{{ partial "domain.html" .Params.url }}</span><time datetime="{{ .Date.Format "2006-01-02" }}">{{ .Date.Format "2006-01-02" }}</time>{{ with .Parent }}{{ if not .IsHome }}<a class="link-category" href="{{ .RelPermalink }}">{{ partial "trail.html" . }}</a>{{ end }}{{ end }}{{ if .RawContent }}<a class="note-link" href="{{ .RelPermalink }}">Note</a>{{ end }}</p>{{ with .Params.description }}<p class="link-description">{{ . }}</p>{{ end }}{{ with .GetTerms "tags" }}<ul class="tags">{{ range . }}<li><a href="{{ .RelPermalink }}">#{{ .LinkTitle }}</a></li>{{ end }}</ul>{{ end }}</article></li>
""",
    "_partials/pager.html": """{{- if gt .TotalPages 1 }}
<nav class="pagination" aria-label="Pages">
  {{ with .Prev }}<a rel="prev" href="{{ .URL }}">← Previous</a>{{ end }}
  <ol>
    {{- $current := .PageNumber }}{{ $last := .TotalPages }}{{ $gap := false }}
    {{- range .Pagers }}
      {{- if or (eq .PageNumber 1) (eq .PageNumber $last) (and (ge .PageNumber (sub $current 2)) (le .PageNumber (add $current 2))) }}
        {{- $gap = false }}<li>{{ if eq .PageNumber $current }}<span aria-current="page">{{ .PageNumber }}</span>{{ else }}<a href="{{ .URL }}">{{ .PageNumber }}</a>{{ end }}</li>
      {{- else if not $gap }}{{ $gap = true }}<li class="gap">…</li>{{ end }}
    {{- end }}
  </ol>
  {{ with .Next }}<a rel="next" href="{{ .URL }}">Next →</a>{{ end }}
</nav>
{{- end }}
""",
    "_partials/print-section.html": """<section class="print-category" id="{{ anchorize .Path }}">
  <h2>{{ partial "trail.html" . }} <span class="count">{{ len .RegularPages }}</span></h2>
  {{ with .Description }}<p>{{ . }}</p>{{ end }}
  <ol class="print-links">{{ range .RegularPages }}<li><strong>{{ .Title }}</strong> <span class="url">{{ .Params.url }}</span>{{ with .Params.description }}<br>{{ . }}{{ end }}{{ with .Params.tags }}<br><span class="tags">{{ range . }}#{{ . }} {{ end }}</span>{{ end }}</li>{{ end }}</ol>
</section>
{{ range .Sections }}{{ partial "print-section.html" . }}{{ end }}
""",
}

ASSETS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Templates", "default", "assets")


class HugoSite:
    """Writes the collection generate() makes a second time, as a Hugo site in `root`.

    It takes no random numbers, so the linky-site output is the same with or without it."""

    def __init__(self, root):
        self.root = root
        self.years = set()
        self.bytes = 0
        self.files = 0

    def write(self, path, content):
        data = content.encode("utf-8")
        with open(path, "wb") as f:
            f.write(data)
        self.bytes += len(data)
        self.files += 1

    def _front_matter(self, pairs, body=""):
        return "---\n" + "".join("%s\n" % p for p in pairs) + "---\n" + body

    def category(self, path, title, description, order):
        d = os.path.join(self.root, "content", *path)
        os.makedirs(d, exist_ok=True)
        self.write(os.path.join(d, "_index.md"), self._front_matter([
            "title: " + json.dumps(title, ensure_ascii=False),
            "description: " + json.dumps(description, ensure_ascii=False),
            "weight: %d" % order]))

    def link(self, path, slug, url, title, tags, date, description, favorite, note):
        """One content file per link. linky-site writes a link's own page only when it has a note,
        so a link without one is listed but not rendered (build.render: link; `never` would also drop
        its tags from the taxonomy, see gohugoio/hugo#12044)."""
        self.years.add(date[:4])
        fm = ["title: " + json.dumps(title, ensure_ascii=False),
              "date: " + date,
              "tags: [" + ", ".join(json.dumps(t, ensure_ascii=False) for t in tags) + "]",
              "params:",
              "  url: " + json.dumps(url, ensure_ascii=False),
              "  description: " + json.dumps(description, ensure_ascii=False)]
        if favorite:
            fm.append("  favorite: true")
        if not note:
            fm += ["build:", "  render: link"]
        self.write(os.path.join(self.root, "content", *path, slug + ".md"), self._front_matter(fm, note))

    def tag(self, name, title, description):
        """tags.yml's title and description of a tag, as the term page's front matter."""
        d = os.path.join(self.root, "content", "tags", name.lower())
        os.makedirs(d, exist_ok=True)
        self.write(os.path.join(d, "_index.md"), self._front_matter([
            "title: " + json.dumps(title, ensure_ascii=False),
            "description: " + json.dumps(description, ensure_ascii=False)]))

    def finish(self, n):
        content = os.path.join(self.root, "content")
        hidden = ["build:", "  list: never"]
        self.write(os.path.join(content, "archive.md"), self._front_matter(
            ["title: Archive", "url: /archive/", "layout: archive"] + hidden))
        for year in sorted(self.years):
            self.write(os.path.join(content, "archive-%s.md" % year), self._front_matter(
                ["title: \"%s\"" % year, "url: /archive/%s/" % year, "layout: archive-year",
                 "params:", "  year: %s" % year] + hidden))
        self.write(os.path.join(content, "print.md"), self._front_matter(
            ["title: Print", "url: /print/", "layout: print"] + hidden))
        for name, text in HUGO_LAYOUTS.items():
            path = os.path.join(self.root, "layouts", name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            self.write(path, text)
        if os.path.isdir(ASSETS_DIR):
            for name in sorted(os.listdir(ASSETS_DIR)):
                with open(os.path.join(ASSETS_DIR, name), encoding="utf-8") as f:
                    asset = f.read()
                os.makedirs(os.path.join(self.root, "static", "assets"), exist_ok=True)
                self.write(os.path.join(self.root, "static", "assets", name), asset)
        self.write(os.path.join(self.root, "hugo.toml"), "\n".join([
            "# The collection of the linky-site benchmark (generate.py --hugo), for Hugo 0.158 or later.",
            "baseURL = \"https://bench.example/\"",
            "locale = \"en\"",
            "title = %s" % json.dumps("Benchmark %d links" % n),
            "",
            "[taxonomies]",
            "tag = \"tags\"",
            "",
            "# linky-site's page_size: 50.",
            "[pagination]",
            "pagerSize = 50",
            "",
            "# linky-site writes one feed of the newest links for the whole site (no feed per category or",
            "# tag), links.json and a sitemap; Hugo's sitemap is on by default.",
            "[outputs]",
            "home = [\"html\", \"rss\", \"links\"]",
            "section = [\"html\"]",
            "taxonomy = [\"html\"]",
            "term = [\"html\"]",
            "page = [\"html\"]",
            "",
            "[outputFormats.links]",
            "mediaType = \"application/json\"",
            "baseName = \"links\"",
            "isPlainText = true",
            "",
            "[services.rss]",
            "limit = 50",
        ]) + "\n")


def generate(n, outdir, seed, hugo_dir=None):
    rng = random.Random(seed)
    text = Text(rng)
    nbytes = 0
    nfiles = 0

    def write(path, content):
        nonlocal nbytes, nfiles
        data = content.encode("utf-8")
        with open(path, "wb") as f:
            f.write(data)
        nbytes += len(data)
        nfiles += 1

    hugo = HugoSite(hugo_dir) if hugo_dir else None
    folders = build_categories(rng)
    links_root = os.path.join(outdir, "links")
    for fo in folders:
        d = os.path.join(links_root, *fo["path"])
        os.makedirs(d, exist_ok=True)
        fo["dir"] = d
        korean = not fo["path"][-1].isascii()
        title = display_name(fo["path"][-1])
        description = text.sentence(korean, 6, 14)
        fm = ["---",
              "title: " + json.dumps(title, ensure_ascii=False),
              "description: " + json.dumps(description, ensure_ascii=False),
              "order: %d" % fo["order"],
              "---", ""]
        write(os.path.join(d, "_index.md"), "\n".join(fm))
        if hugo:
            hugo.category(fo["path"], title, description, fo["order"])

    ntags = max(200, n // 20)
    tags = build_tags(rng, ntags)
    tag_zipf = Zipf(rng, ntags, 1.1)
    tag_counts = [0] * ntags
    hosts = build_hosts(rng)
    host_zipf = Zipf(rng, len(hosts), 0.9)

    # Leaf folders get more links than folders that also have children.
    weights = []
    acc = 0
    for fo in folders:
        acc += 3 if fo["leaf"] else 1
        weights.append(acc)
    link_folders = rng.choices(folders, cum_weights=weights, k=n)

    dumps = json.dumps
    for i in range(n):
        korean = rng.random() < 0.4
        title = text.title(korean)
        desc = text.sentence(korean, 8, 20)
        host = hosts[host_zipf.sample()]
        r = rng.random()
        if r < 0.03:
            path = "문서/%s-%d" % (rng.choice(KOREAN_WORDS), i)
        elif r < 0.05:
            path = "wiki/%s_%s_%d" % (rng.choice(KOREAN_WORDS), rng.choice(KOREAN_WORDS), i)
        else:
            path = "%s/%s-%d" % (rng.choice(SECTIONS),
                                 "-".join(rng.choices(ENGLISH_WORDS, k=rng.randint(1, 4))), i)
        k = rng.randint(1, 6)
        tag_ix = tag_zipf.sample_distinct(k)
        for t in tag_ix:
            tag_counts[t] += 1
        date = datetime.date.fromordinal(START_DATE + rng.randrange(DATE_SPAN)).isoformat()
        url = "https://%s/%s" % (host, path)
        lines = ["---",
                 "url: " + url,
                 "title: " + dumps(title, ensure_ascii=False),
                 "tags: [" + ", ".join(tags[t] for t in tag_ix) + "]",
                 "date: " + date,
                 "description: " + dumps(desc, ensure_ascii=False)]
        favorite = rng.random() < 0.02
        if favorite:
            lines.append("favorite: true")
        lines.append("---")
        note = make_note(rng, text, korean, hosts) if rng.random() < 0.6 else ""
        slug = "%s-%d" % (ascii_slug_words(title) if not korean
                          else "-".join(title.split()[:3]), i)
        write(os.path.join(link_folders[i]["dir"], slug + ".md"), "\n".join(lines) + "\n" + note)
        if hugo:
            hugo.link(link_folders[i]["path"], slug, url, title, [tags[t] for t in tag_ix], date, desc,
                      favorite, note)

    # tags.yml: metadata for the 30 most used tags, a few with aliases.
    top = sorted(range(ntags), key=lambda t: (-tag_counts[t], t))[:30]
    vocab = set(tags)
    used_aliases = set()
    out = ["# Metadata for the 30 most frequent tags (generated)."]
    for rank, t in enumerate(top):
        name = tags[t]
        korean = not name.isascii()
        out.append("%s:" % dumps(name, ensure_ascii=False))
        title = display_name(name)
        description = text.sentence(korean, 6, 14)
        out.append("  title: " + dumps(title, ensure_ascii=False))
        out.append("  description: " + dumps(description, ensure_ascii=False))
        if hugo:
            hugo.tag(name, title, description)
        if rank % 5 == 0:
            cands = KNOWN_ALIASES.get(name, [])
            cands = cands + ([name + "-kr", name + "들"] if korean else
                             [name + "-dev"] + ([name + "s"] if name[-1] not in "sx" else []))
            aliases = [a for a in cands if a not in vocab and a not in used_aliases][:rng.randint(1, 2)]
            used_aliases.update(aliases)
            if aliases:
                out.append("  aliases: [" + ", ".join(dumps(a, ensure_ascii=False) for a in aliases) + "]")
    write(os.path.join(outdir, "tags.yml"), "\n".join(out) + "\n")

    config = "\n".join([
        "title: " + dumps("Benchmark %d links" % n),
        "base_url: https://bench.example/",
        "language: en",
        "page_size: 50",
    ]) + "\n"
    write(os.path.join(outdir, "linky.yml"), config)
    if hugo:
        hugo.finish(n)

    return {"links": n, "categories": len(CATEGORY_TREE), "folders": len(folders),
            "tags": ntags, "bytes": nbytes, "files": nfiles,
            "hugo_bytes": hugo.bytes if hugo else 0, "hugo_files": hugo.files if hugo else 0}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Generate a synthetic linky-site site.")
    ap.add_argument("n", type=int, help="number of links")
    ap.add_argument("outdir", help="output directory (must be empty or absent)")
    ap.add_argument("--seed", type=int, default=42, help="random seed (default 42)")
    ap.add_argument("--force", action="store_true",
                    help="delete OUTDIR (and HUGODIR) first if it exists")
    ap.add_argument("--hugo", metavar="HUGODIR",
                    help="also write the same collection as a Hugo site into HUGODIR")
    args = ap.parse_args(argv)

    if args.n < 0:
        ap.error("N must be >= 0")
    dirs = [args.outdir] + ([args.hugo] if args.hugo else [])
    if args.hugo and os.path.abspath(args.hugo) == os.path.abspath(args.outdir):
        ap.error("HUGODIR must differ from OUTDIR")
    for d in dirs:
        if os.path.lexists(d):
            if not os.path.isdir(d) or os.path.islink(d):
                if not args.force:
                    ap.error("%s exists and is not a directory" % d)
                os.remove(d)
            elif os.listdir(d):
                if not args.force:
                    ap.error("%s exists and is not empty (use --force to replace it)" % d)
                shutil.rmtree(d)
        os.makedirs(d, exist_ok=True)

    t0 = time.perf_counter()
    s = generate(args.n, args.outdir, args.seed, args.hugo)
    dt = time.perf_counter() - t0
    print("generated %d links, %d categories (%d folders), %d tags, %d bytes in %d files -> %s (seed %d, %.1f s)"
          % (s["links"], s["categories"], s["folders"], s["tags"], s["bytes"], s["files"],
             args.outdir, args.seed, dt))
    if args.hugo:
        print("the same collection as a Hugo site: %d bytes in %d files -> %s"
              % (s["hugo_bytes"], s["hugo_files"], args.hugo))
    return 0


if __name__ == "__main__":
    sys.exit(main())
