// Texts of the processes area, both sides (spread into `messages`).
import type { MessageDescriptor } from './translate.ts'

const d = (descriptor: MessageDescriptor) => descriptor

export const processMessages = {
  processEndBeforeStart: d(
    /*i18n*/ {
      id: 'validation.process_end_before_start',
      message: 'The end date must be on or after the start date.',
    },
  ),
  processCoursesRequired: d(
    /*i18n*/ { id: 'validation.process_courses_required', message: 'Please choose at least one course.' },
  ),
  scheduleDayRequired: d(
    /*i18n*/ {
      id: 'validation.schedule_day_required',
      message: 'Please choose a day of the week or a date.',
    },
  ),
  scheduleTimeInvalid: d(
    /*i18n*/ { id: 'validation.schedule_time_invalid', message: 'Please enter a time such as 08:30.' },
  ),
  scheduleEndBeforeStart: d(
    /*i18n*/ {
      id: 'validation.schedule_end_before_start',
      message: 'The end time must be after the start time.',
    },
  ),
  scheduleDateOutside: d(
    /*i18n*/ {
      id: 'validation.schedule_date_outside',
      message: 'This date is outside the process ({from} to {to}).',
    },
  ),
  scheduleCourseNotInProcess: d(
    /*i18n*/ {
      id: 'validation.schedule_course_not_in_process',
      message: 'This course is not part of the process.',
    },
  ),
  scheduleOverlap: d(
    /*i18n*/ {
      id: 'validation.schedule_overlap',
      message:
        'This course already has a practice at that time ({when}, {process}). Please choose another time.',
    },
  ),
  processDatesLeaveSchedules: d(
    /*i18n*/ {
      id: 'validation.process_dates_leave_schedules',
      message: 'Some practices are dated outside these dates. Please move or delete them first.',
    },
  ),
}
