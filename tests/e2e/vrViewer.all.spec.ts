/**
 * The VR viewer: VR items of the VR channel and of /Image/VRPage open /VRPage, whose
 * 360° panorama turns with the finger (a swipe across the viewer turns about half way round), with the
 * arrow keys and with the 左转/右转 buttons.
 */
import { expect, test, type Page } from '@playwright/test';

const viewer = (page: Page) => page.locator('[data-vr-viewer]');
const yaw = async (page: Page): Promise<number> => Number(await viewer(page).getAttribute('data-yaw'));
const hydrated = (page: Page) => page.locator('astro-island[component-url*="VrViewer"]:not([ssr])').waitFor({ state: 'attached' });

for (const list of ['/shancheng/home/8', '/shancheng/Image/VRPage']) {
  test(`a VR item of ${list} opens the VR viewer`, async ({ page }, info) => {
    await page.goto(list);
    const link = page.locator('.news-list a[href*="/VRPage?"]').first();
    await expect(link).toBeAttached();
    // Inside the app, list jumps go through the host app (spec 2.4); the link still names the viewer.
    if (info.project.name === 'app-webview') return;
    await link.click();
    await expect(page).toHaveURL(/\/shancheng\/VRPage\?classId=\d+&newsId=\d+/);
    await expect(page.getByRole('slider', { name: /360度全景/ })).toBeVisible();
    await expect(page.getByRole('button', { name: '左转' })).toBeVisible();
    await expect(page.getByRole('button', { name: '右转' })).toBeVisible();
  });
}

test('the panorama turns with a drag, the arrow keys and the buttons', async ({ page }) => {
  await page.goto('/shancheng/VRPage?classId=802&newsId=337');
  await hydrated(page);
  const pano = page.getByRole('slider', { name: /360度全景/ });
  await expect(viewer(page)).toHaveAttribute('data-yaw', '0');
  const strip = page.locator('[data-vr-viewer] img').first();
  const before = (await strip.boundingBox())!.x;

  // A drag from the right edge to the middle (half the viewer) turns about 90°; the picture follows.
  const box = (await pano.boundingBox())!;
  await page.mouse.move(box.x + box.width - 5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 5, box.y + box.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect.poll(() => yaw(page)).toBeGreaterThan(80);
  expect(await yaw(page)).toBeLessThan(100);
  expect((await strip.boundingBox())!.x).toBeLessThan(before - box.width / 2);

  const dragged = await yaw(page);
  await pano.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => yaw(page)).toBe(dragged + 30);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => yaw(page)).toBe(dragged - 30);
  await expect(pano).toHaveAttribute('aria-valuenow', String(dragged - 30));

  await page.getByRole('button', { name: '右转' }).click();
  await expect.poll(() => yaw(page)).toBe(dragged);
  await page.getByRole('button', { name: '左转' }).click();
  await page.getByRole('button', { name: '左转' }).click();
  await page.getByRole('button', { name: '左转' }).click();
  await page.getByRole('button', { name: '左转' }).click();
  await expect.poll(() => yaw(page)).toBe(dragged - 120 + (dragged - 120 < 0 ? 360 : 0));
});

test('a reader whose browser sends motion events needs no 开启重力感应 button, and the phone turns the view', async ({ page }) => {
  // The island listens from an effect, which may run after Astro marks it hydrated: count the listeners
  // so the phone's first reading is sent only once somebody hears it.
  await page.addInitScript(() => {
    const counted = window as unknown as { motionListeners: number };
    const add = window.addEventListener.bind(window);
    counted.motionListeners = 0;
    window.addEventListener = ((type: string, listener: EventListener, options?: boolean | AddEventListenerOptions) => {
      if (type === 'deviceorientation') counted.motionListeners += 1;
      add(type, listener, options);
    }) as typeof window.addEventListener;
  });
  await page.goto('/shancheng/VRPage?classId=802&newsId=337');
  await hydrated(page);
  await page.waitForFunction(() => (window as unknown as { motionListeners: number }).motionListeners > 0);
  await page.evaluate(() => {
    const send = (alpha: number): void => {
      window.dispatchEvent(Object.assign(new Event('deviceorientation'), { alpha, beta: 80, gamma: 0 }));
    };
    send(100);
    send(130);
  });
  // Turning the phone 30° to the left turns the view 30° to the left.
  await expect.poll(() => yaw(page)).toBe(330);
  await expect(page.getByRole('button', { name: '开启重力感应' })).toHaveCount(0);
});
