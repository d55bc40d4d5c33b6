// The pages' one stylesheet, served inline in each page: no request to any other host, and nothing to cache apart.
export const PAGE_STYLE = `
:root{--ink:#1b1b1b;--muted:#4a4a4a;--line:#c9c9c9;--accent:#0b4f8a;--warn:#7a3e00;--bg:#fff;--soft:#f4f6f8}
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,"Hiragino Sans","Noto Sans JP","IPAGothic",sans-serif;color:var(--ink);background:var(--bg)}
a{color:var(--accent)}
a:focus,button:focus,input:focus{outline:3px solid #f2a900;outline-offset:2px}
.skip{position:absolute;left:-999px}
.skip:focus{left:1rem;top:1rem;background:#fff;padding:.25rem .5rem;z-index:1}
header,main,footer{max-width:60rem;margin:0 auto;padding:0 1rem}
header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;padding-top:1rem;padding-bottom:.5rem;border-bottom:1px solid var(--line)}
header .brand{font-weight:700;font-size:1.15rem;text-decoration:none;color:var(--ink)}
form.search{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:1rem 0}
form.search label{flex-basis:100%;font-weight:600}
form.search input{flex:1 1 18rem;font:inherit;padding:.45rem .6rem;border:1px solid #767676;border-radius:4px}
form.search button{font:inherit;padding:.45rem 1.2rem;border:0;border-radius:4px;background:var(--accent);color:#fff;cursor:pointer}
.hint,.muted{color:var(--muted);font-size:.92rem}
.notice{border-left:4px solid var(--warn);background:#fff7ec;padding:.5rem .75rem;margin:1rem 0}
.coverage{background:var(--soft);padding:.6rem .8rem;border-radius:4px;margin:1rem 0}
section{margin:1.5rem 0}
h1{font-size:1.5rem;line-height:1.3;margin:1.2rem 0 .6rem}
h2{font-size:1.2rem;margin:1.4rem 0 .4rem;border-bottom:1px solid var(--line)}
h3{font-size:1.05rem;margin:1.1rem 0 .3rem}
ul.results{list-style:none;padding:0;margin:0}
ul.results li{padding:.55rem 0;border-bottom:1px solid #e4e4e4}
ul.results .meta{display:block;color:var(--muted);font-size:.9rem}
dl.facts{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.3rem 1rem;margin:0}
dl.facts dt{font-weight:600;color:var(--muted)}
dl.facts dd{margin:0;overflow-wrap:anywhere}
footer{margin-top:2.5rem;padding-top:.75rem;padding-bottom:2rem;border-top:1px solid var(--line);color:var(--muted);font-size:.85rem}
.coverage h2{border:0;margin-top:.2rem}
.coverage ul{margin:.3rem 0;padding-left:1.2rem}
nav.pager{display:flex;flex-wrap:wrap;gap:.4rem .8rem;margin:1rem 0}
nav.pager [aria-current]{font-weight:700}
.table{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.92rem}
th,td{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #e4e4e4}
th .meta{display:block;font-weight:400;color:var(--muted)}
td.number{text-align:right}
tr.lagging td,tr.lagging th{background:#fff7ec}
@media (max-width:40rem){dl.facts{grid-template-columns:1fr}dl.facts dd{margin-bottom:.4rem}}
@media print{form.search,nav,.skip,footer .nav{display:none}a{color:inherit;text-decoration:none}body{font-size:11pt}
header,main,footer{max-width:none}.coverage,.notice,tr.lagging td,tr.lagging th{background:none}.coverage{border:1px solid #999}
section{break-inside:avoid-page}h1,h2,h3{break-after:avoid}.answer{border-top:2px solid #000;padding-top:.3rem}
a[href^="http"]:after{content:" <" attr(href) ">";font-size:9pt;overflow-wrap:anywhere}}
`;
