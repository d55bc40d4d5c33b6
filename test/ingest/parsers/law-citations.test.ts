import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitCitations } from '../../../src/ingest/parsers/law-citations.js';

test('a law cell split into citations, each with its law', () => {
  const cases: [string[], [string, string | undefined][]][] = [
    [
      ['労働安全衛生法第100条', '労働安全衛生規則第97条'],
      [
        ['労働安全衛生法第100条', 'industrial_safety_and_health_act'],
        ['労働安全衛生規則第97条', 'industrial_safety_and_health_act'],
      ],
    ],
    [['労働基準法第32条'], [['労働基準法第32条', 'labour_standards_act']]],
    // a wrapped line goes on with the citation before it
    [
      ['労働安全衛生法施行令第20条第', '16号'],
      [['労働安全衛生法施行令第20条第16号', 'industrial_safety_and_health_act']],
    ],
    // a narrow cell wraps the 条 of an article onto a line of its own, and a long title mid-word
    [
      ['労働安全衛生法第22条', '特定化学物質障害予防規則第20', '条'],
      [
        ['労働安全衛生法第22条', 'industrial_safety_and_health_act'],
        ['特定化学物質障害予防規則第20条', 'industrial_safety_and_health_act'],
      ],
    ],
    [
      ['労働安全衛生法第103条', '労働安全衛生法及びこれに基づ', 'く命令に係る登録及び指定に関', 'する省令第24条'],
      [
        ['労働安全衛生法第103条', 'industrial_safety_and_health_act'],
        ['労働安全衛生法及びこれに基づく命令に係る登録及び指定に関する省令第24条', 'industrial_safety_and_health_act'],
      ],
    ],
    // a title misspelt on a line of its own after a whole citation stays a citation of its own
    [
      ['労働安全衛生法第31条', '労働安全衛規則第653条'],
      [
        ['労働安全衛生法第31条', 'industrial_safety_and_health_act'],
        ['労働安全衛規則第653条', undefined],
      ],
    ],
    // the MHLW list's own run-in: an article number straight into the next title
    [
      ['労働安全衛生法施行令第20条第16号クレーン等安全規則第221条'],
      [
        ['労働安全衛生法施行令第20条第16号', 'industrial_safety_and_health_act'],
        ['クレーン等安全規則第221条', 'industrial_safety_and_health_act'],
      ],
    ],
    [
      ['労働安全衛生法第61条,労働安全衛生法施行令第20条,第16号クレーン等安全規則第221条'],
      [
        ['労働安全衛生法第61条', 'industrial_safety_and_health_act'],
        ['労働安全衛生法施行令第20条、第16号', 'industrial_safety_and_health_act'],
        ['クレーン等安全規則第221条', 'industrial_safety_and_health_act'],
      ],
    ],
    [
      ['労働基準法第32条、第37条', '最低賃金法第４条'],
      [
        ['労働基準法第32条、第37条', 'labour_standards_act'],
        ['最低賃金法第４条', 'minimum_wage_act'],
      ],
    ],
    [
      ['労働者派遣法第45条', '労働安全衛生法第20条'],
      [
        ['労働者派遣法第45条', 'worker_dispatch_act'],
        ['労働安全衛生法第20条', 'industrial_safety_and_health_act'],
      ],
    ],
    [['労働基準法 第24条'], [['労働基準法第24条', 'labour_standards_act']]],
    // the cells of the generic parsers: semicolons, and two laws joined by 及び or 並びに
    [
      ['労働基準法第32条;最低賃金法第4条'],
      [
        ['労働基準法第32条', 'labour_standards_act'],
        ['最低賃金法第4条', 'minimum_wage_act'],
      ],
    ],
    [['労働基準法第32条及び第37条'], [['労働基準法第32条及び第37条', 'labour_standards_act']]],
    [
      ['労働基準法第32条及び最低賃金法第4条'],
      [
        ['労働基準法第32条', 'labour_standards_act'],
        ['最低賃金法第4条', 'minimum_wage_act'],
      ],
    ],
    [
      ['労働基準法第24条、並びに最低賃金法第4条'],
      [
        ['労働基準法第24条', 'labour_standards_act'],
        ['最低賃金法第4条', 'minimum_wage_act'],
      ],
    ],
    [['同法第5条'], [['同法第5条', undefined]]],
    [['道路交通法第22条'], [['道路交通法第22条', undefined]]],
    [[], []],
    [['', ' '], []],
  ];
  for (const [lines, expected] of cases) {
    assert.deepEqual(
      splitCitations(lines).map((c) => [c.text, c.law?.code]),
      expected,
      lines.join(' / '),
    );
  }
});
