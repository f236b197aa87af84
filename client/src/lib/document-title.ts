import { options, type VNode } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

// React 19 lifts a <title> rendered anywhere into <head>; Preact would leave it in the page, where
// browsers ignore it. Every <title> element a component renders becomes this component, which
// keeps React's behaviour: the most recently mounted title wins, and the page's own <title> from
// index.html is back once none is mounted. (The app draws no <svg><title>, which this would catch.)
const mounted: string[] = [];
let pageTitle: string | undefined;

function showTitle() {
  pageTitle ??= document.title;
  document.title = mounted.at(-1) ?? pageTitle;
}

function DocumentTitle({ children }: { children?: unknown }) {
  const text = [children].flat(Infinity).join('');
  useLayoutEffect(() => {
    mounted.push(text);
    showTitle();
    return () => {
      mounted.splice(mounted.lastIndexOf(text), 1);
      showTitle();
    };
  }, [text]);
  return null;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'title') vnode.type = DocumentTitle as VNode['type'];
  previousVnodeHook?.(vnode);
};
