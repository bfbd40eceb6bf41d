/** Inside the app webview an anonymous like shows the app's login prompt instead of leaving the page (spec 5). */
import { expect, test } from '@playwright/test';
import { islandReady, pickArticle } from './interactionSupport.ts';

test('an anonymous like asks the app to log in and stays on the article', async ({ page, request }) => {
  const article = await pickArticle(request, 4);
  const url = `/shancheng/NewsDetail?classId=${article.classId}&newsId=${article.newsId}`;
  await page.goto(url);
  const like = page.getByRole('button', { name: /^点赞 \d+$/ });
  await islandReady(page, like);
  await like.click();
  await expect(page.getByText('请先登录山城新闻账号')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/NewsDetail\\?classId=${article.classId}&newsId=${article.newsId}$`));
});
