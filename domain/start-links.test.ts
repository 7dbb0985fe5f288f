import { describe, expect, it } from 'vitest';
import {
  botStartUrl,
  carStartParam,
  FAVORITES_PARAM,
  LOGIN_PARAM,
  miniAppUrl,
  startLinkPath,
  telegramChatUrl,
  telegramShareUrl,
  topicUrl,
} from './start-links.ts';

const UUID = '3f2a9c1e-8b4d-4e6f-9a0b-1c2d3e4f5a6b';

describe('start links', () => {
  it.each([
    ['application', '/application'],
    ['apply', '/application'],
    ['favorites', '/favorites'],
    [`car_${UUID}`, `/cars/${UUID}`],
    [`car_${UUID.toUpperCase()}`, `/cars/${UUID}`],
  ])('%s opens %s', (param, path) => {
    expect(startLinkPath(param)).toBe(path);
  });

  it.each([null, undefined, '', 'car_', 'car_not-a-uuid', `car_${UUID}x`, 'APPLICATION', 'settings'])('%s opens nothing', (param) => {
    expect(startLinkPath(param)).toBeNull();
  });

  it("a car's start parameter leads back to that car", () => {
    expect(startLinkPath(carStartParam(UUID.toUpperCase()))).toBe(`/cars/${UUID}`);
  });
});

describe('Telegram links', () => {
  it('opens a chat with a bot or a user by username', () => {
    expect(telegramChatUrl('DealerBot')).toBe('https://t.me/DealerBot');
  });

  it('starts the bot with a parameter, or opens its mini app on a screen', () => {
    expect(botStartUrl('DealerBot', LOGIN_PARAM)).toBe('https://t.me/DealerBot?start=login');
    expect(miniAppUrl('DealerBot', FAVORITES_PARAM)).toBe('https://t.me/DealerBot?startapp=favorites');
    expect(startLinkPath(new URL(miniAppUrl('DealerBot', carStartParam(UUID))).searchParams.get('startapp'))).toBe(`/cars/${UUID}`);
  });

  it('links a forum topic by the group’s internal id', () => {
    expect(topicUrl('1234567890', 42)).toBe('https://t.me/c/1234567890/42');
  });

  it('shares a link, with its text when there is one', () => {
    expect(telegramShareUrl('https://dealer.example/cars/1', 'A car & more')).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Fdealer.example%2Fcars%2F1&text=A%20car%20%26%20more',
    );
    expect(telegramShareUrl('https://dealer.example/')).toBe('https://t.me/share/url?url=https%3A%2F%2Fdealer.example%2F');
  });
});
